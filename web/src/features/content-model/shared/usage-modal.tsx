// Where an item is used, in two tabs: in content and in the content model, each with its warning when empty
// (spec 2 §8). The caller runs the two usage queries and says how their answers become rows.
import { Alert, Modal, Tabs } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../../components/query-status.tsx";
import type { UsageRow } from "./usage-rows.ts";
import { UsageTable } from "./usage-table.tsx";

export type UsageTab<T> = { query: UseQueryResult<T>; toRows: (data: T) => UsageRow[]; emptyText: string };

function UsagePanel<T>({ query, toRows, emptyText }: UsageTab<T>) {
  if (!query.data) return <QueryStatus isLoading={query.isLoading} error={query.error} />;
  const rows = toRows(query.data);
  if (rows.length === 0) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
        {emptyText}
      </Alert>
    );
  }
  return <UsageTable rows={rows} />;
}

type Props<C, M> = { title: string; content: UsageTab<C>; contentModel: UsageTab<M>; onClose: () => void };

export function UsageModal<C, M>({ title, content, contentModel, onClose }: Props<C, M>) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <Tabs defaultValue="content" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="content">{t("contentModel.usage.content")}</Tabs.Tab>
          <Tabs.Tab value="content-model">{t("contentModel.usage.contentModel")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="content">
          <UsagePanel {...content} />
        </Tabs.Panel>
        <Tabs.Panel value="content-model">
          <UsagePanel {...contentModel} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
