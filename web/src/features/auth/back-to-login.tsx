import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {t("auth.backToLogin")}
    </Anchor>
  );
}
