// Reports (spec 1 §2, spec 2 §2): Container Types and Datastream Types, each a doughnut or a bar chart switched with
// 'Change view'; the choice is kept in local storage. Only with the reports permission.
import "@mantine/charts/styles.css";
import { BarChart, DonutChart } from "@mantine/charts";
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { PERMISSIONS } from "@repox/contracts";
import { IconChartBar, IconChartDonut } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { NotFoundPage } from "../../app/not-found-page.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { useMyPermissions } from "../auth/permissions.ts";
import { type ReportPath, useTypeReport } from "./api.ts";
import {
  CHART_VIEW_STORAGE_KEY,
  type ChartView,
  type ChartViews,
  DEFAULT_CHART_VIEWS,
  paletteColor,
  type ReportChart,
  readChartViews,
  toggledView,
} from "./chart-view.ts";

type ChartProps = { chart: ReportChart; path: ReportPath; view: ChartView; onToggle: () => void };

function ReportCard({ chart, path, view, onToggle }: ChartProps) {
  const { t } = useTranslation();
  const report = useTypeReport(path);
  const title = t(chart === "containerTypes" ? "reports.containerTypes" : "reports.datastreamTypes");
  const rows = (report.data ?? []).map((row, index) => ({ name: row.label, value: row.value, color: paletteColor(index) }));
  return (
    <Card withBorder padding="md" aria-label={title} data-view={view}>
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={view === "doughnut" ? <IconChartBar size={14} /> : <IconChartDonut size={14} />}
          onClick={onToggle}
          aria-label={`${t("reports.changeView")}: ${title}`}
        >
          {t("reports.changeView")}
        </Button>
      </Group>
      {!report.data ? (
        <QueryStatus isLoading={report.isLoading} error={report.error} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("reports.empty")}</Text>
      ) : view === "doughnut" ? (
        <Group justify="center">
          <DonutChart data={rows} withLabels withLabelsLine withTooltip size={220} thickness={36} />
        </Group>
      ) : (
        <BarChart
          h={260}
          data={rows}
          dataKey="name"
          series={[{ name: "value", label: title }]}
          // Mantine passes only the bar's value: types with equal counts share a colour.
          getBarColor={(value) => rows.find((row) => row.value === value)?.color ?? paletteColor(0)}
          barProps={{ isAnimationActive: false }}
        />
      )}
    </Card>
  );
}

export function ReportsPage() {
  const { t } = useTranslation();
  const { can } = useMyPermissions();
  const [views, setViews] = useLocalStorage<ChartViews>({
    key: CHART_VIEW_STORAGE_KEY,
    defaultValue: DEFAULT_CHART_VIEWS,
    getInitialValueInEffect: false,
    deserialize: readChartViews,
    serialize: JSON.stringify,
  });
  if (!can(PERMISSIONS.reportsShow)) return <NotFoundPage />;
  const chart = (name: ReportChart, path: ReportPath) => (
    <ReportCard chart={name} path={path} view={views[name]} onToggle={() => setViews((current) => toggledView(current, name))} />
  );
  return (
    <Stack gap="md">
      <PageHeader title={t("menu.reports")} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {chart("containerTypes", "container_types")}
        {chart("datastreamTypes", "datastream_types")}
      </SimpleGrid>
    </Stack>
  );
}
