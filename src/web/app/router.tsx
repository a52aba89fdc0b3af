import { createBrowserRouter, Outlet, ScrollRestoration } from "react-router";
import { LandingPage } from "../routes/landing/landing-page";
import { PageFallback } from "./page-fallback";
import { RouteError } from "./route-error";

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The landing page is in the first script, so it paints as soon as that arrives; every other page loads lazily,
 * inside the app shell (app-shell.tsx: TanStack Query, the session's actions, the toasts), which loads with the first
 * of them. Guarded pages wrap themselves in <RequireSession> (features/auth/require-session).
 */
export function createRouter() {
  return createBrowserRouter([
    {
      id: "root",
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageFallback />,
      children: [
        { index: true, Component: LandingPage },
        {
          id: "app-shell",
          lazy: async () => ({ Component: (await import("./app-shell")).AppShell }),
          children: [
            {
              path: "privacy",
              lazy: async () => ({ Component: (await import("../routes/privacy/privacy-page")).PrivacyPage }),
            },
            {
              path: "videos",
              lazy: async () => ({ Component: (await import("../routes/videos/videos-page")).VideosPage }),
            },
            {
              path: "auth",
              lazy: async () => ({ Component: (await import("../routes/auth/auth-page")).AuthPage }),
            },
            {
              path: "auth/confirmed",
              lazy: async () => ({ Component: (await import("../routes/auth/confirmed-page")).ConfirmedPage }),
            },
            {
              path: "auth/reset-password",
              lazy: async () => ({ Component: (await import("../routes/auth/reset-password-page")).ResetPasswordPage }),
            },
            {
              path: "app",
              lazy: async () => ({ Component: (await import("../routes/dashboard/dashboard-layout")).DashboardLayout }),
              children: [
                { index: true, lazy: async () => ({ Component: (await import("../routes/dashboard/home-page")).HomePage }) },
                { path: "profile", lazy: async () => ({ Component: (await import("../routes/profile/profile-page")).ProfilePage }) },
                { path: "settings", lazy: async () => ({ Component: (await import("../routes/dashboard/settings-page")).SettingsPage }) },
                { path: "notifications", lazy: async () => ({ Component: (await import("../routes/dashboard/notifications-page")).NotificationsPage }) },
                { path: "analytics", lazy: async () => ({ Component: (await import("../routes/dashboard/analytics-page")).AnalyticsPage }) },
                { path: "system", lazy: async () => ({ Component: (await import("../routes/dashboard/system-page")).SystemPage }) },
              ],
            },
            {
              path: "setup",
              lazy: async () => ({ Component: (await import("../routes/setup/setup-page")).SetupPage }),
            },
            {
              path: "assignments",
              lazy: async () => ({ Component: (await import("../routes/assignments/assignment-list-page")).AssignmentListPage }),
            },
            {
              path: "assignments/new",
              lazy: async () => ({ Component: (await import("../routes/assignments/new-assignment-page")).NewAssignmentPage }),
            },
            {
              path: "assignments/:id",
              lazy: async () => ({ Component: (await import("../routes/assignments/assignment-detail-page")).AssignmentDetailPage }),
            },
            {
              path: "assignments/:id/review",
              lazy: async () => ({ Component: (await import("../routes/assignments/review/review-page")).ReviewPage }),
            },
            {
              path: "assignments/:id/edit",
              lazy: async () => ({ Component: (await import("../routes/assignments/new-assignment-page")).NewAssignmentPage }),
            },
            {
              path: "assignments/:id/gradebook",
              lazy: async () => ({ Component: (await import("../routes/assignments/gradebook-page")).GradebookPage }),
            },
            {
              path: "assignments/:id/feedback",
              lazy: async () => ({ Component: (await import("../routes/assignments/feedback-print-page")).FeedbackPrintPage }),
            },
            {
              path: "setup-wizard",
              lazy: async () => ({ Component: (await import("../routes/setup-wizard/setup-wizard-page")).SetupWizardPage }),
            },
            {
              path: "*",
              lazy: async () => ({ Component: (await import("../routes/not-found/not-found-page")).NotFoundPage }),
            },
          ],
        },
      ],
    },
  ]);
}
