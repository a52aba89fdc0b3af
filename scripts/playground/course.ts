import type { FakeGoogleClassroom } from "./fake-google-classroom";
import { roles, type LtiPlatformSimulator, type PlatformUser } from "./lti-platform";

/** The playground's one course: a teacher and a few students, the same people in its LMS and in its Classroom. */
export interface PlaygroundCourse {
  title: string;
  contextId: string;
  teacher: PlatformUser;
  students: PlatformUser[];
}

export function playgroundCourse(teacherEmail: string): PlaygroundCourse {
  const student = (sub: string, name: string): PlatformUser => ({ sub, name, role: "learner", email: `${name.split(" ")[0]!.toLowerCase()}@pupils.playground.test` });
  return {
    title: "English 9",
    contextId: "english-9",
    teacher: { sub: "teacher-1", name: "Pat Rivera", email: teacherEmail, role: "instructor" },
    students: [student("student-ana", "Ana Ortiz"), student("student-ben", "Ben Cole"), student("student-chloe", "Chloe Park")],
  };
}

/** The Google user id of a course member in the fake Classroom. */
export const googleIdOf = (user: PlatformUser) => `g-${user.sub}`;

/** The course as the LMS's roster (NRPS) and as a Classroom course taught by the same teacher. */
export function enrol(course: PlaygroundCourse, platform: LtiPlatformSimulator, google: FakeGoogleClassroom): string {
  for (const user of [course.teacher, ...course.students]) {
    platform.members.push({ user_id: user.sub, name: user.name, ...(user.email ? { email: user.email } : {}), roles: [roles[user.role]], status: "Active" });
    google.users.push({ sub: googleIdOf(user), name: user.name, email: user.email ?? `${user.sub}@playground.test` });
  }
  const students = course.students.map((user) => ({ userId: googleIdOf(user), fullName: user.name, email: user.email ?? "" }));
  return google.addCourse(course.title, googleIdOf(course.teacher), students).id;
}
