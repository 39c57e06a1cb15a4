// A layout route around the pages that need a permission: they render only for a caller holding it; anyone else gets
// the one 'no access' page, never a read-only copy of the page with its buttons.
import type { PermissionCode } from "@repox/contracts";
import { Outlet } from "react-router";
import { DelayedLoader } from "../components/delayed-loader.tsx";
import { useMyPermissions } from "../features/auth/permissions.ts";
import { NoAccessPage } from "./no-access-page.tsx";

export function RequirePermission({ code }: { code: PermissionCode }) {
  const { can, isLoading } = useMyPermissions();
  if (isLoading) return <DelayedLoader />;
  return can(code) ? <Outlet /> : <NoAccessPage />;
}
