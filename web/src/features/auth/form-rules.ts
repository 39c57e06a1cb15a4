// Client checks of the auth forms (spec 1 §5), with translated messages.
import { hasLength, isEmail, isNotEmpty } from "@mantine/form";
import { LIMITS } from "@repox/contracts";
import type { TFunction } from "i18next";

export function authRules(t: TFunction) {
  return {
    required: isNotEmpty(t("common.required")),
    email: (value: string) => (value.trim() === "" ? t("common.required") : isEmail(t("common.invalidEmail"))(value.trim())),
    newPassword: hasLength({ min: LIMITS.passwordMinLength }, t("common.passwordTooShort", { min: LIMITS.passwordMinLength })),
    /** The confirmation field of a form whose new password is `values.password`. */
    confirmation: (value: string, values: { password: string }) => (value === values.password ? null : t("auth.passwordsDiffer")),
  };
}
