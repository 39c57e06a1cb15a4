// Who is signed in: the stored auth user, checked against the server at start, cleared on logout or a refused token.
import { Center, Loader } from "@mantine/core";
import type { AuthUser } from "@repox/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { onSessionExpired, readAuthUser, storeAuthUser } from "../../api/session.ts";
import { fetchAuthStatus } from "./api.ts";

type Auth = {
  user: AuthUser | null;
  signIn: (user: AuthUser) => void;
  signOut: () => void;
  /** After a password change: the same session goes on with the token the server answered. */
  replaceToken: (jwtToken: string) => void;
};

const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth needs an AuthProvider");
  return auth;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [user, setUser] = useState<AuthUser | null>(readAuthUser);
  const [isChecking, setIsChecking] = useState(user !== null);

  const signIn = useCallback(
    (next: AuthUser) => {
      queryClient.clear();
      storeAuthUser(next);
      setUser(next);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    storeAuthUser(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const replaceToken = useCallback((jwtToken: string) => {
    setUser((current) => {
      const next = current && { ...current, jwtToken };
      storeAuthUser(next);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!isChecking) return;
    fetchAuthStatus()
      .then((status) => {
        if (!status.valid) signOut();
      })
      .catch(signOut)
      .finally(() => setIsChecking(false));
  }, [isChecking, signOut]);

  useEffect(
    () =>
      onSessionExpired(() => {
        signOut();
        navigate("/login", { replace: true, state: { from: location } });
      }),
    [signOut, navigate, location],
  );

  const value = useMemo(() => ({ user, signIn, signOut, replaceToken }), [user, signIn, signOut, replaceToken]);
  if (isChecking) {
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  }
  return <AuthContext value={value}>{children}</AuthContext>;
}
