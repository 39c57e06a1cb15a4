// Every route of the app under /{tenant}: public pages in the plain layout, the rest behind sign-in in the shell;
// pages that need a permission sit under `gated`.
// Only the sign-in pages are in the entry chunk. The shell and each page behind sign-in load on first visit (`lazy`,
// started as soon as the route matches): the page on screen stays until the new one's code has arrived, and a failed
// fetch shows the error page.
import { PERMISSIONS, type PermissionCode } from "@repox/contracts";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { DelayedLoader } from "../components/delayed-loader.tsx";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page.tsx";
import { LoginPage } from "../features/auth/login-page.tsx";
import { LogoutPage } from "../features/auth/logout-page.tsx";
import { RegisterPage } from "../features/auth/register-page.tsx";
import { RequireAuth } from "../features/auth/require-auth.tsx";
import { ResetPasswordPage } from "../features/auth/reset-password-page.tsx";
import { ErrorPage } from "./error-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { RequirePermission } from "./require-permission.tsx";
import { RootLayout } from "./root-layout.tsx";
import { SurveyLayout } from "./survey-layout.tsx";

/** Routes only a holder of `permission` may open; the others see the one 'no access' page (RequirePermission). */
function gated(permission: PermissionCode, children: RouteObject[]): RouteObject {
  return { element: <RequirePermission code={permission} />, children };
}

const screenEditorPage = () => import("../features/screens/screen-editor-page.tsx").then((m) => ({ Component: m.ScreenEditorPage }));

const containersPage = () => import("../features/containers/containers-page.tsx").then((m) => ({ Component: m.ContainersPage }));

const surveyEditorPage = () => import("../features/surveys/survey-editor-page.tsx").then((m) => ({ Component: m.SurveyEditorPage }));

const websiteEditorPage = () => import("../features/websites/website-editor-page.tsx").then((m) => ({ Component: m.WebsiteEditorPage }));
const guideEditorPage = () => import("../features/guides/guide-editor-page.tsx").then((m) => ({ Component: m.GuideEditorPage }));

const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/containers" replace /> },
  { path: "containers", lazy: containersPage },
  { path: "containers/:uuid", lazy: containersPage },
  {
    path: "datastreams/:uuid",
    lazy: () => import("../features/datastream-page/datastream-page.tsx").then((m) => ({ Component: m.DatastreamPage })),
  },
  {
    path: "recent",
    lazy: () =>
      import("../features/recent-starred/personal-list-page.tsx").then((m) => ({ element: <m.PersonalListPage list="recent" /> })),
  },
  {
    path: "starred",
    lazy: () =>
      import("../features/recent-starred/personal-list-page.tsx").then((m) => ({ element: <m.PersonalListPage list="starred" /> })),
  },
  { path: "trash", lazy: () => import("../features/trash/trash-page.tsx").then((m) => ({ Component: m.TrashPage })) },
  { path: "storage", lazy: () => import("../features/storage/storage-page.tsx").then((m) => ({ Component: m.StoragePage })) },
  { path: "tagged/:id", lazy: () => import("../features/tagged/tagged-page.tsx").then((m) => ({ Component: m.TaggedPage })) },
  { path: "settings", element: <Navigate to="/settings/general" replace /> },
  { path: "settings/tags/:id?", lazy: () => import("../features/tags/tags-page.tsx").then((m) => ({ Component: m.TagsPage })) },
  gated(PERMISSIONS.surveysShow, [
    { path: "contacts", lazy: () => import("../features/contacts/contacts-page.tsx").then((m) => ({ Component: m.ContactsPage })) },
  ]),
  gated(PERMISSIONS.reportsShow, [
    { path: "reports", lazy: () => import("../features/reports/reports-page.tsx").then((m) => ({ Component: m.ReportsPage })) },
  ]),
  gated(PERMISSIONS.settingsSystemShow, [
    {
      path: "settings/general",
      lazy: () => import("../features/settings/general-settings-page.tsx").then((m) => ({ Component: m.GeneralSettingsPage })),
    },
  ]),
  gated(PERMISSIONS.settingsIamShow, [
    { path: "settings/users/:uuid?", lazy: () => import("../features/users/users-page.tsx").then((m) => ({ Component: m.UsersPage })) },
    { path: "settings/groups/:id?", lazy: () => import("../features/groups/groups-page.tsx").then((m) => ({ Component: m.GroupsPage })) },
  ]),
  gated(PERMISSIONS.settingsContentModelShow, [
    {
      path: "settings/content-model",
      lazy: () => import("../features/content-model/home/content-model-page.tsx").then((m) => ({ Component: m.ContentModelPage })),
    },
    {
      path: "settings/content-model/properties",
      lazy: () => import("../features/content-model/properties/properties-page.tsx").then((m) => ({ Component: m.PropertiesPage })),
    },
    {
      path: "settings/content-model/namespaces",
      lazy: () => import("../features/content-model/namespaces/namespaces-page.tsx").then((m) => ({ Component: m.NamespacesPage })),
    },
    {
      path: "settings/content-model/qualifiers",
      lazy: () => import("../features/content-model/qualifiers/qualifiers-page.tsx").then((m) => ({ Component: m.QualifiersPage })),
    },
    {
      path: "settings/content-model/property-groups",
      lazy: () =>
        import("../features/content-model/property-groups/property-groups-page.tsx").then((m) => ({ Component: m.PropertyGroupsPage })),
    },
    {
      path: "settings/content-model/container-types/:code?",
      lazy: () => import("../features/content-types/types-page.tsx").then((m) => ({ Component: m.ContainerTypesPage })),
    },
    {
      path: "settings/content-model/datastream-types/:code?",
      lazy: () => import("../features/content-types/types-page.tsx").then((m) => ({ Component: m.DatastreamTypesPage })),
    },
    {
      path: "settings/content-model/dublin-core",
      lazy: () => import("../features/content-model/dublin-core/dublin-core-page.tsx").then((m) => ({ Component: m.DublinCorePage })),
    },
    {
      path: "settings/content-model/vocabularies",
      lazy: () => import("../features/vocabularies/vocabularies-page.tsx").then((m) => ({ Component: m.VocabulariesPage })),
    },
    {
      path: "settings/content-model/vocabulary/:uuid",
      lazy: () => import("../features/vocabularies/vocabulary-page.tsx").then((m) => ({ Component: m.VocabularyPage })),
    },
  ]),
  gated(PERMISSIONS.surveysShow, [
    { path: "surveys", lazy: () => import("../features/surveys/survey-list-page.tsx").then((m) => ({ Component: m.SurveyListPage })) },
    { path: "surveys/edit/:uuid/:page?/:subpage?/:responseUuid?", lazy: surveyEditorPage },
    gated(PERMISSIONS.surveysEdit, [{ path: "surveys/new", lazy: surveyEditorPage }]),
  ]),
  gated(PERMISSIONS.storiesShow, [
    { path: "stories", lazy: () => import("../features/stories/stories-page.tsx").then((m) => ({ Component: m.StoriesPage })) },
    {
      path: "stories/edit/:id",
      lazy: () => import("../features/story-editor/story-editor-page.tsx").then((m) => ({ Component: m.StoryEditorPage })),
    },
    {
      path: "stories/templates",
      lazy: () => import("../features/stories/story-templates-page.tsx").then((m) => ({ Component: m.StoryTemplatesPage })),
    },
    {
      path: "stories/template-editor",
      lazy: () => import("../features/stories/story-template-editor-page.tsx").then((m) => ({ Component: m.StoryTemplateEditorPage })),
    },
    gated(PERMISSIONS.storiesEdit, [
      { path: "stories/new", lazy: () => import("../features/stories/story-new-page.tsx").then((m) => ({ Component: m.StoryNewPage })) },
    ]),
    { path: "screens", lazy: () => import("../features/screens/screens-page.tsx").then((m) => ({ Component: m.ScreensPage })) },
    { path: "screens/edit/:id/:page?", lazy: screenEditorPage },
    gated(PERMISSIONS.storiesEdit, [{ path: "screens/new", lazy: screenEditorPage }]),
    { path: "websites", lazy: () => import("../features/websites/websites-page.tsx").then((m) => ({ Component: m.WebsitesPage })) },
    { path: "websites/edit/:id/:page?", lazy: websiteEditorPage },
    gated(PERMISSIONS.storiesEdit, [{ path: "websites/new", lazy: websiteEditorPage }]),
    { path: "screen-app", lazy: () => import("../features/screen-app/screen-app-page.tsx").then((m) => ({ Component: m.ScreenAppPage })) },
  ]),
  gated(PERMISSIONS.storiesShow, [
    { path: "guide", lazy: () => import("../features/guides/guides-page.tsx").then((m) => ({ Component: m.GuidesPage })) },
    { path: "guide/edit/:id", lazy: guideEditorPage },
    gated(PERMISSIONS.storiesEdit, [{ path: "guide/new", lazy: guideEditorPage }]),
  ]),
  { path: "*", element: <NotFoundPage /> },
];

export function createAppRouter(tenant: string) {
  return createBrowserRouter(
    [
      {
        element: <RootLayout />,
        errorElement: <ErrorPage />,
        // Shown only while the code of the first page opened is still on its way (a slow network: see DelayedLoader).
        HydrateFallback: DelayedLoader,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: "login", element: <LoginPage /> },
              { path: "register", element: <RegisterPage /> },
              { path: "forgot-password", element: <ForgotPasswordPage /> },
              { path: "reset-password", element: <ResetPasswordPage /> },
            ],
          },
          { path: "logout", element: <LogoutPage /> },
          {
            // A published guide as its app shows it: public, no sign-in (GET /api/pub/guides/{id}).
            path: "guide-preview/:id",
            lazy: () => import("../features/guides/guide-preview-page.tsx").then((m) => ({ Component: m.GuidePreviewPage })),
          },
          {
            // Spec 3 §2: answered without sign-in; the same pages for a signed-in user (no shell around them).
            element: <SurveyLayout />,
            children: [
              {
                path: "survey/summary/:uuid",
                lazy: () => import("../features/survey-public/public-summary-page.tsx").then((m) => ({ Component: m.PublicSummaryPage })),
              },
              {
                path: "survey/:uuid",
                lazy: () => import("../features/survey-public/public-survey-page.tsx").then((m) => ({ Component: m.PublicSurveyPage })),
              },
            ],
          },
          {
            // Spec 3 §2: a website's story, public, framed by other sites (the server allows framing this route only).
            path: "story-embed/:websiteId",
            lazy: () => import("../features/websites/story-embed-page.tsx").then((m) => ({ Component: m.StoryEmbedPage })),
          },
          {
            // Issue 14: the screen player, public (a kiosk browser has no one to sign in); the device pairs by PIN.
            path: "player",
            lazy: () => import("../features/screen-player/player-page.tsx").then((m) => ({ Component: m.PlayerPage })),
          },
          {
            // Spec 3 §2: the story viewer fills the window, outside the shell, for a signed-in holder of
            // repox.stories.show (the story's pictures come only through it: GET /api/stories/{id}/view).
            element: (
              <RequireAuth>
                <RequirePermission code={PERMISSIONS.storiesShow} />
              </RequireAuth>
            ),
            children: [
              {
                path: "repox-story/:uuid",
                lazy: () => import("../features/story-viewer/story-viewer-page.tsx").then((m) => ({ Component: m.StoryViewerPage })),
              },
            ],
          },
          {
            lazy: () =>
              import("./shell/shell-layout.tsx").then((m) => ({
                element: (
                  <RequireAuth>
                    <m.ShellLayout />
                  </RequireAuth>
                ),
              })),
            children: shellRoutes,
          },
        ],
      },
    ],
    { basename: `/${tenant}` },
  );
}
