// The one place WebDAV checks a user name and password. Until the auth area offers a Basic credentials check (app
// passwords), this is the sign-in itself: the same user lookup, password hash check and locked-account rule.
import { Unauthorized } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { AuthService } from "../auth/service.ts";

/** The user id the credentials belong to; Unauthorized (or Forbidden for a locked account) otherwise. */
export async function verifyCredentials(auth: AuthService, ctx: RequestContext, username: string, password: string): Promise<string> {
  if (!username || !password) throw new Unauthorized("Invalid credentials");
  const user = await auth.login(ctx, { username, password });
  return user.uuid;
}
