import type { TeacherProfile, TeacherProfileInput } from "../../../contracts/teacher-profile";
import { apiRequest } from "../../lib/api";

/** Creates or updates the profile; fields left out keep their values. */
export async function saveTeacherProfile(input: TeacherProfileInput): Promise<TeacherProfile> {
  const response = await apiRequest("PUT", "/api/teacher-profile", input);
  return (await response.json()) as TeacherProfile;
}

/** The name the dashboard greets: the profile's name, else the username, else the e-mail's local part. */
export function displayName(user: { email: string; username?: string } | undefined, profileName?: string | null): string {
  if (profileName && profileName.trim()) return profileName.trim();
  if (user?.username) return user.username;
  return user?.email.split("@")[0] ?? "";
}
