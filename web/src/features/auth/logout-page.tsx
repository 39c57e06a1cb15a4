// /logout: renders nothing; signs out and goes to /login.
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "./auth-context.tsx";

export function LogoutPage() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    signOut();
    navigate("/login", { replace: true });
  }, [signOut, navigate]);
  return null;
}
