import { errorBody } from "../../contracts/errors";
import { calibrationInput, calibrationResponse, teacherProfile, teacherProfileInput } from "../../contracts/teacher-profile";
import type { ApiRouter } from "../http/api-router";
import { notFound } from "../http/app-error";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { deleteCalibration, loadCalibration, saveCalibration } from "../services/calibration";
import { findTeacherProfile, setCalibrated, upsertTeacherProfile } from "../services/teacher-profiles";

const unauthorized = { description: "Not signed in", schema: errorBody };
const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };

export function registerTeacherProfileRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;

  router.route(
    {
      method: "get",
      path: "/api/teacher-profile",
      summary: "The signed-in teacher's grading profile",
      tag: "Teacher profile",
      access: "session",
      responses: { 200: { description: "The profile", schema: teacherProfile }, 404: { description: "No profile yet", schema: errorBody }, 401: unauthorized },
    },
    async (c) => {
      const profile = await findTeacherProfile(db, requireUser(c).id);
      if (!profile) throw notFound("Your teacher profile");
      return c.json(profile);
    },
  );

  router.route(
    {
      method: "put",
      path: "/api/teacher-profile",
      summary: "Create or update the teacher profile (fields left out keep their values)",
      tag: "Teacher profile",
      access: "session",
      body: teacherProfileInput,
      responses: { 200: { description: "The saved profile", schema: teacherProfile }, 400: invalid, 401: unauthorized },
    },
    async (c, { body }) => c.json(await upsertTeacherProfile(db, requireUser(c).id, body)),
  );

  router.route(
    {
      method: "get",
      path: "/api/calibration",
      summary: "Calibration data: the profile, the first rubric and all samples",
      tag: "Teacher profile",
      access: "session",
      responses: { 200: { description: "Calibration data (profile null when none)", schema: calibrationResponse }, 401: unauthorized },
    },
    async (c) => c.json(await loadCalibration(db, requireUser(c).id)),
  );

  router.route(
    {
      method: "put",
      path: "/api/calibration",
      summary: "Save profile, rubric and samples in one transaction; with complete=true mark the profile calibrated",
      tag: "Teacher profile",
      access: "session",
      body: calibrationInput,
      maxBodyBytes: 12 * 1024 * 1024,
      responses: { 200: { description: "The saved calibration data", schema: calibrationResponse }, 400: invalid, 401: unauthorized },
    },
    async (c, { body }) => c.json(await saveCalibration(db, requireUser(c).id, body, deps.spellChecker)),
  );

  router.route(
    {
      method: "delete",
      path: "/api/calibration",
      summary: "Delete the teacher's samples, rubrics and profile",
      tag: "Teacher profile",
      access: "session",
      responses: { 204: { description: "Deleted" }, 401: unauthorized },
    },
    async (c) => {
      await deleteCalibration(db, requireUser(c).id);
      return c.body(null, 204);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/calibration/reset",
      summary: "Mark the profile as not calibrated (Recalibrate)",
      tag: "Teacher profile",
      access: "session",
      responses: { 200: { description: "The profile, now not calibrated", schema: teacherProfile }, 404: { description: "No profile yet", schema: errorBody }, 401: unauthorized },
    },
    async (c) => {
      const profile = await setCalibrated(db, requireUser(c).id, false);
      if (!profile) throw notFound("Your teacher profile");
      return c.json(profile);
    },
  );
}
