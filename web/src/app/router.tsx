// Every route of the app under /{tenant}: public pages in the plain layout, the rest behind sign-in in the shell.
import { useTranslation } from "react-i18next";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { UnavailablePage } from "../components/unavailable-page.tsx";
import { ForgotPasswordPage } from "../features/auth/forgot-password-page.tsx";
import { LoginPage } from "../features/auth/login-page.tsx";
import { LogoutPage } from "../features/auth/logout-page.tsx";
import { RegisterPage } from "../features/auth/register-page.tsx";
import { RequireAuth } from "../features/auth/require-auth.tsx";
import { ResetPasswordPage } from "../features/auth/reset-password-page.tsx";
import { ContainersPage } from "../features/containers/containers-page.tsx";
import { ContentModelPage } from "../features/content-model/home/content-model-page.tsx";
import { NamespacesPage } from "../features/content-model/namespaces/namespaces-page.tsx";
import { PropertiesPage } from "../features/content-model/properties/properties-page.tsx";
import { PropertyGroupsPage } from "../features/content-model/property-groups/property-groups-page.tsx";
import { QualifiersPage } from "../features/content-model/qualifiers/qualifiers-page.tsx";
import { ContainerTypesPage, DatastreamTypesPage } from "../features/content-types/types-page.tsx";
import { DatastreamPage } from "../features/datastream-page/datastream-page.tsx";
import { GroupsPage } from "../features/groups/groups-page.tsx";
import { PersonalListPage } from "../features/recent-starred/personal-list-page.tsx";
import { ReportsPage } from "../features/reports/reports-page.tsx";
import { GeneralSettingsPage } from "../features/settings/general-settings-page.tsx";
import { StoragePage } from "../features/storage/storage-page.tsx";
import { TaggedPage } from "../features/tagged/tagged-page.tsx";
import { TagsPage } from "../features/tags/tags-page.tsx";
import { TrashPage } from "../features/trash/trash-page.tsx";
import { UsersPage } from "../features/users/users-page.tsx";
import { VocabulariesPage } from "../features/vocabularies/vocabularies-page.tsx";
import { VocabularyPage } from "../features/vocabularies/vocabulary-page.tsx";
import { ErrorPage } from "./error-page.tsx";
import type { TranslationKey } from "./i18n/index.ts";
import { NotFoundPage } from "./not-found-page.tsx";
import { PublicLayout } from "./public-layout.tsx";
import { RootLayout } from "./root-layout.tsx";
import { ShellLayout } from "./shell/shell-layout.tsx";

/** Areas later issues fill in: each shows its title and says it is not available yet. */
const UPCOMING: [path: string, title: TranslationKey][] = [
  ["surveys", "menu.surveys"],
  ["contacts", "menu.contacts"],
  ["stories", "menu.stories"],
  ["screens", "menu.screens"],
  ["websites", "menu.websites"],
  ["screen-app", "menu.screenApp"],
  ["guide", "menu.guides"],
];

function Upcoming({ title }: { title: TranslationKey }) {
  const { t } = useTranslation();
  return <UnavailablePage title={t(title)} />;
}

const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/containers" replace /> },
  { path: "containers", element: <ContainersPage /> },
  { path: "containers/:uuid", element: <ContainersPage /> },
  { path: "datastreams/:uuid", element: <DatastreamPage /> },
  { path: "recent", element: <PersonalListPage list="recent" /> },
  { path: "starred", element: <PersonalListPage list="starred" /> },
  { path: "trash", element: <TrashPage /> },
  { path: "storage", element: <StoragePage /> },
  { path: "tagged/:id", element: <TaggedPage /> },
  { path: "reports", element: <ReportsPage /> },
  { path: "settings", element: <Navigate to="/settings/general" replace /> },
  { path: "settings/users/:uuid?", element: <UsersPage /> },
  { path: "settings/general", element: <GeneralSettingsPage /> },
  { path: "settings/groups/:id?", element: <GroupsPage /> },
  { path: "settings/tags/:id?", element: <TagsPage /> },
  { path: "settings/content-model", element: <ContentModelPage /> },
  { path: "settings/content-model/properties", element: <PropertiesPage /> },
  { path: "settings/content-model/namespaces", element: <NamespacesPage /> },
  { path: "settings/content-model/qualifiers", element: <QualifiersPage /> },
  { path: "settings/content-model/property-groups", element: <PropertyGroupsPage /> },
  { path: "settings/content-model/container-types/:code?", element: <ContainerTypesPage /> },
  { path: "settings/content-model/datastream-types/:code?", element: <DatastreamTypesPage /> },
  { path: "settings/content-model/vocabularies", element: <VocabulariesPage /> },
  { path: "settings/content-model/vocabulary/:uuid", element: <VocabularyPage /> },
  ...UPCOMING.map(([path, title]) => ({ path, element: <Upcoming title={title} /> })),
  { path: "*", element: <NotFoundPage /> },
];

export function createAppRouter(tenant: string) {
  return createBrowserRouter(
    [
      {
        element: <RootLayout />,
        errorElement: <ErrorPage />,
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
            element: (
              <RequireAuth>
                <ShellLayout />
              </RequireAuth>
            ),
            children: shellRoutes,
          },
        ],
      },
    ],
    { basename: `/${tenant}` },
  );
}
