// A page whose area arrives in a later release: its title and an honest empty state, no invented data.
import { EmptyState } from "@mantine/core";
import { IconHourglassEmpty } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "./page-header.tsx";

export function UnavailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        mt="xl"
        icon={<IconHourglassEmpty size={32} />}
        withIndicatorBackground
        title={t("common.notAvailable")}
        description={t("common.notAvailableHint")}
      />
    </>
  );
}
