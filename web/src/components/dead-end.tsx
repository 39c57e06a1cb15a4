// A page that cannot show what was asked for (not found, no access): an icon, what happened and the way back to
// My Content.
import { Button, EmptyState } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function DeadEnd({ icon, title, description }: { icon: ReactNode; title: string; description?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState mt="xl" icon={icon} withIndicatorBackground title={title} description={description}>
      <EmptyState.Actions>
        <Button component={Link} to="/containers">
          {t("errors.backHome")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
