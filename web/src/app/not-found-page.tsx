// Any unknown path inside the app (spec 1 §8 404 text).
import { Button, EmptyState } from "@mantine/core";
import { IconMapOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <EmptyState mt="xl" icon={<IconMapOff size={32} />} withIndicatorBackground title={t("errors.notFound")}>
      <EmptyState.Actions>
        <Button component={Link} to="/containers">
          {t("errors.backHome")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
