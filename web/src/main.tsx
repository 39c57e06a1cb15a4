// Entry: a path without a tenant goes to the default tenant; otherwise the app mounts under /{tenant}.
import "./app/i18n/index.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { DEFAULT_TENANT, tenantFromPath } from "./api/tenant.ts";
import { Providers } from "./app/providers.tsx";
import { createAppRouter } from "./app/router.tsx";

const tenant = tenantFromPath(window.location.pathname);
const root = document.getElementById("root");

if (!tenant) {
  window.location.replace(`/${DEFAULT_TENANT}/containers`);
} else if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createAppRouter(tenant)} />
      </Providers>
    </StrictMode>,
  );
}
