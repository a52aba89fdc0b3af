import { useQuery } from "@tanstack/react-query";
import type { CalibrationInput, CalibrationResponse, TeacherProfile } from "../../../contracts/teacher-profile";
import { apiRequest, getJson } from "../../lib/api";

/** The teacher's calibration data: profile (null before the first save), first rubric, samples. */
export const calibrationQueryKey = ["/api/calibration"] as const;

export function fetchCalibration(): Promise<CalibrationResponse> {
  return getJson<CalibrationResponse>("/api/calibration");
}

/**
 * The dashboard, Settings and the setup page all read the profile from here: GET /api/calibration answers 200
 * with profile null for a new teacher, where GET /api/teacher-profile would answer 404.
 */
export function useCalibration() {
  return useQuery({ queryKey: calibrationQueryKey, queryFn: fetchCalibration });
}

export function useTeacherProfile(): { profile: TeacherProfile | null | undefined; isPending: boolean; isError: boolean } {
  const query = useCalibration();
  return { profile: query.data?.profile, isPending: query.isPending, isError: query.isError };
}

/** Saves profile, rubric and samples in one transaction; `complete: true` also marks the profile calibrated. */
export async function saveCalibration(input: CalibrationInput): Promise<CalibrationResponse> {
  const response = await apiRequest("PUT", "/api/calibration", input);
  return (await response.json()) as CalibrationResponse;
}

/** Recalibrate: the profile stays, but it is no longer calibrated. */
export async function resetCalibration(): Promise<TeacherProfile> {
  const response = await apiRequest("POST", "/api/calibration/reset");
  return (await response.json()) as TeacherProfile;
}

/** Removes the teacher's samples, rubrics and profile (the setup page's Reset). */
export async function deleteCalibration(): Promise<void> {
  await apiRequest("DELETE", "/api/calibration");
}
