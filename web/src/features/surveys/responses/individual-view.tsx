// The Individual view (spec 3 §2): one response at a time over the survey's ordered response uuids, with first,
// previous, next and last buttons and a number input starting at 1; the position lives in the address
// (.../responses/individual/{responseUuid}). Deleting the current response moves one back.
import { ActionIcon, Center, Group, Loader, NumberInput, Text, Tooltip } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useResponseUuids } from "./api.ts";
import { clampPosition, pagerState, positionAfterDelete, positionOf } from "./pager.ts";
import { responsesPath } from "./paths.ts";
import { ResponseDetail } from "./response-detail.tsx";

type PagerProps = { position: number; total: number; onGo: (position: number) => void };

function Pager({ position, total, onGo }: PagerProps) {
  const { t } = useTranslation();
  const state = pagerState(position, total);
  const [typed, setTyped] = useState<string | number>(state.position);
  useEffect(() => setTyped(state.position), [state.position]);
  const button = (label: string, icon: React.ReactNode, target: number, isEnabled: boolean) => (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} disabled={!isEnabled} onClick={() => onGo(target)}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const commit = (value: string | number) => {
    const number = typeof value === "number" ? value : Number.parseInt(value, 10);
    if (Number.isFinite(number)) onGo(clampPosition(number, total));
    else setTyped(state.position);
  };
  return (
    <Group gap="xs" data-testid="response-pager">
      {button(t("surveyResponses.individual.first"), <IconChevronsLeft size={16} />, 1, state.canGoBack)}
      {button(t("surveyResponses.individual.previous"), <IconChevronLeft size={16} />, state.position - 1, state.canGoBack)}
      <NumberInput
        aria-label={t("surveyResponses.individual.position")}
        w={80}
        min={1}
        max={total}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={typed}
        onChange={(value) => {
          setTyped(value);
          if (typeof value === "number" && value >= 1 && value <= total && value !== state.position) onGo(value);
        }}
        onBlur={() => commit(typed)}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit(typed);
        }}
      />
      <Text size="sm" c="dimmed" data-testid="pager-total">
        {t("surveyResponses.individual.of", { total })}
      </Text>
      {button(t("surveyResponses.individual.next"), <IconChevronRight size={16} />, state.position + 1, state.canGoForward)}
      {button(t("surveyResponses.individual.last"), <IconChevronsRight size={16} />, total, state.canGoForward)}
    </Group>
  );
}

export function IndividualView({ surveyUuid, responseUuid }: { surveyUuid: string; responseUuid: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const uuids = useResponseUuids(surveyUuid);
  const list = uuids.data ?? [];
  const position = positionOf(list, responseUuid);
  const current = position > 0 ? list[position - 1] : undefined;

  const go = (target: number, from: readonly string[] = list) => {
    const uuid = from[clampPosition(target, from.length) - 1];
    navigate(responsesPath(surveyUuid, "individual", uuid), { replace: true });
  };
  const moveBackAfterDelete = (deleted: string) => {
    const rest = list.filter((uuid) => uuid !== deleted);
    go(positionAfterDelete(position, rest.length), rest);
  };

  if (uuids.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!uuids.data) return null;
  if (list.length === 0) return <Text c="dimmed">{t("surveyResponses.noResponses")}</Text>;
  return (
    <ResponseDetail
      surveyUuid={surveyUuid}
      responseUuid={current}
      onDeleted={moveBackAfterDelete}
      navigation={() => <Pager position={position} total={list.length} onGo={(target) => go(target)} />}
    />
  );
}
