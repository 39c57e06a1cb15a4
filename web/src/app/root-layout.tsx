// Around every route: the signed-in user, and the tenant's product name and default language (TenantDefaults).
import { Outlet } from "react-router";
import { AuthProvider } from "../features/auth/auth-context.tsx";
import { TenantDefaults } from "./tenant-defaults.tsx";

export function RootLayout() {
  return (
    <AuthProvider>
      <TenantDefaults />
      <Outlet />
    </AuthProvider>
  );
}
