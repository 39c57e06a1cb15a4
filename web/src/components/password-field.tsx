// A password input whose show/hide toggle is not named after the field, so the field's label stays unique.
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ "aria-label": t("common.showCharacters") }} {...props} />;
}
