// The one answer of every permission-gated page the caller may not use, with a way back to My Content.
import { Button, EmptyState } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <EmptyState
      mt="xl"
      icon={<IconLock size={32} />}
      withIndicatorBackground
      title={t("errors.noAccess")}
      description={t("errors.noAccessHint")}
    >
      <EmptyState.Actions>
        <Button component={Link} to="/containers">
          {t("errors.backHome")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
