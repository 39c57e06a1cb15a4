// Reports (spec 1 §2, spec 2 §2): Container Types and Datastream Types, each a doughnut or a bar chart switched with
// 'Change view'; the choice is kept in local storage. The router lets only holders of the reports permission in. Both views carry a legend of the
// type names with their counts and shares, and tooltips saying the same; with nothing to count, a sentence instead.
import "@mantine/charts/styles.css";
import { BarChart, DonutChart } from "@mantine/charts";
import { Button, Card, ColorSwatch, EmptyState, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { IconChartBar, IconChartDonut, IconChartPieOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { paletteColor } from "../../components/chart-palette.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryStatus } from "../../components/query-status.tsx";
import { type ReportPath, useTypeReport } from "./api.ts";
import {
  CHART_VIEW_STORAGE_KEY,
  type ChartView,
  type ChartViews,
  DEFAULT_CHART_VIEWS,
  type ReportChart,
  readChartViews,
  toggledView,
} from "./chart-view.ts";
import { type ReportRow, reportRows } from "./report-rows.ts";

type ChartProps = { chart: ReportChart; path: ReportPath; view: ChartView; onToggle: () => void };

function useShareFormat(): (share: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  return (share) => format.format(share);
}

function ReportLegend({ title, rows }: { title: string; rows: ReportRow[] }) {
  const { t } = useTranslation();
  const share = useShareFormat();
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }} aria-label={t("reports.legend", { title })}>
      {rows.map((row) => (
        <Group component="li" key={row.name} gap="xs" wrap="nowrap">
          <ColorSwatch color={row.color} size={12} withShadow={false} aria-hidden />
          <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end" title={row.name}>
            {row.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t("reports.countAndShare", { count: row.value, share: share(row.share) })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ReportCard({ chart, path, view, onToggle }: ChartProps) {
  const { t } = useTranslation();
  const share = useShareFormat();
  const report = useTypeReport(path);
  const title = t(chart === "containerTypes" ? "reports.containerTypes" : "reports.datastreamTypes");
  const { rows, total } = reportRows(report.data ?? []);
  const countAndShare = (value: number) => t("reports.countAndShare", { count: value, share: share(total === 0 ? 0 : value / total) });
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
      ) : total === 0 ? (
        <EmptyState icon={<IconChartPieOff size={28} />} title={t("reports.empty")}>
          {t(chart === "containerTypes" ? "reports.emptyContainers" : "reports.emptyDatastreams")}
        </EmptyState>
      ) : (
        <Stack gap="md">
          {view === "doughnut" ? (
            <Group justify="center">
              <DonutChart
                data={rows}
                withTooltip
                tooltipDataSource="segment"
                valueFormatter={countAndShare}
                chartLabel={total}
                size={220}
                thickness={36}
              />
            </Group>
          ) : (
            <BarChart
              h={260}
              data={rows}
              dataKey="name"
              series={[{ name: "value", label: t("reports.items") }]}
              valueFormatter={countAndShare}
              // Mantine passes only the bar's value: types with equal counts share a colour.
              getBarColor={(value) => rows.find((row) => row.value === value)?.color ?? paletteColor(0)}
              barProps={{ isAnimationActive: false }}
            />
          )}
          <ReportLegend title={title} rows={rows} />
        </Stack>
      )}
    </Card>
  );
}

export function ReportsPage() {
  const { t } = useTranslation();
  const [views, setViews] = useLocalStorage<ChartViews>({
    key: CHART_VIEW_STORAGE_KEY,
    defaultValue: DEFAULT_CHART_VIEWS,
    getInitialValueInEffect: false,
    deserialize: readChartViews,
    serialize: JSON.stringify,
  });
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
