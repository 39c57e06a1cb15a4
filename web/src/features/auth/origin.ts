// Where a successful login goes: the remembered origin, unless it was a public page.
const PUBLIC_PATHS = ["/login", "/logout", "/register", "/forgot-password", "/reset-password"];
export const HOME_PATH = "/containers";

type Origin = { pathname: string; search?: string; hash?: string };

function isOrigin(value: unknown): value is Origin {
  return typeof value === "object" && value !== null && "pathname" in value && typeof value.pathname === "string";
}

export function loginDestination(state: unknown): string {
  const from = typeof state === "object" && state !== null && "from" in state ? state.from : null;
  if (!isOrigin(from) || PUBLIC_PATHS.includes(from.pathname) || from.pathname === "/") return HOME_PATH;
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
