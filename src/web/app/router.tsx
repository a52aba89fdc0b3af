import { lazy, type ComponentType } from "react";
import { matchRoutes, useLocation, useRoutes, type RouteObject } from "react-router";
import { LandingPage } from "../routes/landing/landing-page";

/** How to fetch each lazy route's code, by route, so a deep link fetches all of its pages at once. */
const fetchers = new Map<RouteObject, () => Promise<unknown>>();

/** A route whose page arrives when first needed, in a script of its own. Its code is fetched once. */
function lazyRoute(route: RouteObject, load: () => Promise<ComponentType>): RouteObject {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const fetchPage = () => (loading ??= load().then((Component) => ({ default: Component })));
  const Page = lazy(fetchPage);
  const withPage: RouteObject = { ...route, element: <Page /> };
  fetchers.set(withPage, fetchPage);
  return withPage;
}

/**
 * The landing page is in the first script, so it paints as soon as that arrives; every other page loads lazily,
 * inside the app shell (app-shell.tsx: TanStack Query, the session's actions, the toasts), which loads with the first
 * of them. Guarded pages wrap themselves in <RequireSession> (features/auth/require-session).
 * Declarative routes, not createBrowserRouter: the data router would add about 16 KB (brotli) to the landing page
 * for loaders and actions nothing here uses (decision record 018).
 */
const routes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  lazyRoute(
    {
      children: [
        lazyRoute({ path: "privacy" }, async () => (await import("../routes/privacy/privacy-page")).PrivacyPage),
        lazyRoute({ path: "videos" }, async () => (await import("../routes/videos/videos-page")).VideosPage),
        lazyRoute({ path: "auth" }, async () => (await import("../routes/auth/auth-page")).AuthPage),
        lazyRoute({ path: "auth/confirmed" }, async () => (await import("../routes/auth/confirmed-page")).ConfirmedPage),
        lazyRoute({ path: "auth/reset-password" }, async () => (await import("../routes/auth/reset-password-page")).ResetPasswordPage),
        lazyRoute(
          {
            path: "app",
            children: [
              lazyRoute({ index: true }, async () => (await import("../routes/dashboard/home-page")).HomePage),
              lazyRoute({ path: "profile" }, async () => (await import("../routes/profile/profile-page")).ProfilePage),
              lazyRoute({ path: "settings" }, async () => (await import("../routes/dashboard/settings-page")).SettingsPage),
              lazyRoute({ path: "notifications" }, async () => (await import("../routes/dashboard/notifications-page")).NotificationsPage),
              lazyRoute({ path: "analytics" }, async () => (await import("../routes/dashboard/analytics-page")).AnalyticsPage),
              lazyRoute({ path: "system" }, async () => (await import("../routes/dashboard/system-page")).SystemPage),
              lazyRoute({ path: "lti" }, async () => (await import("../routes/lti/lti-platforms-page")).LtiPlatformsPage),
            ],
          },
          async () => (await import("../routes/dashboard/dashboard-layout")).DashboardLayout,
        ),
        lazyRoute({ path: "setup" }, async () => (await import("../routes/setup/setup-page")).SetupPage),
        lazyRoute({ path: "assignments" }, async () => (await import("../routes/assignments/assignment-list-page")).AssignmentListPage),
        lazyRoute({ path: "assignments/new" }, async () => (await import("../routes/assignments/new-assignment-page")).NewAssignmentPage),
        lazyRoute({ path: "assignments/:id" }, async () => (await import("../routes/assignments/assignment-detail-page")).AssignmentDetailPage),
        lazyRoute({ path: "assignments/:id/review" }, async () => (await import("../routes/assignments/review/review-page")).ReviewPage),
        lazyRoute({ path: "assignments/:id/edit" }, async () => (await import("../routes/assignments/new-assignment-page")).NewAssignmentPage),
        lazyRoute({ path: "assignments/:id/gradebook" }, async () => (await import("../routes/assignments/gradebook-page")).GradebookPage),
        lazyRoute({ path: "assignments/:id/feedback" }, async () => (await import("../routes/assignments/feedback-print-page")).FeedbackPrintPage),
        lazyRoute({ path: "quizzes" }, async () => (await import("../routes/practice/practice-list-page")).QuizzesPage),
        lazyRoute({ path: "quizzes/:id" }, async () => (await import("../routes/practice/practice-detail-page")).QuizDetailPage),
        lazyRoute({ path: "flashcards" }, async () => (await import("../routes/practice/practice-list-page")).FlashcardsPage),
        lazyRoute({ path: "flashcards/:id" }, async () => (await import("../routes/practice/practice-detail-page")).DeckDetailPage),
        lazyRoute({ path: "practice/:token" }, async () => (await import("../routes/practice/shared-practice-page")).SharedPracticePage),
        lazyRoute({ path: "setup-wizard" }, async () => (await import("../routes/setup-wizard/setup-wizard-page")).SetupWizardPage),
        lazyRoute({ path: "*" }, async () => (await import("../routes/not-found/not-found-page")).NotFoundPage),
      ],
    },
    async () => (await import("./app-shell")).AppShell,
  ),
];

/** The page for the current address. */
export function AppRoutes() {
  const location = useLocation();
  // Fetch every lazy level of the address together (/app/profile: the shell, the dashboard layout and the profile
  // page), rather than each only once the one above it has rendered. Fetching is idempotent.
  for (const match of matchRoutes(routes, location) ?? []) void fetchers.get(match.route)?.();
  return useRoutes(routes, location);
}
