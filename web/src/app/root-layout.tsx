// Around every route: the signed-in user and the page title 'Repox - {path}' (spec 1 §1).
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { AuthProvider } from "../features/auth/auth-context.tsx";

export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `Repox - ${pathname}`;
  }, [pathname]);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
