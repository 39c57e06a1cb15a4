// One row of the Timeline: a label and a bar on a time axis. A click on the bar selects what it stands for; its edges
// (sliders: the mouse drags them, arrow keys step them by 0.25 s) and, where allowed, its body move along the axis.
// Each press-drag-release is one change: `startDrag` is called once per gesture and answers what to do as it goes.
import { Text, Tooltip, UnstyledButton } from "@mantine/core";
import { STORY_STEPS } from "@repox/contracts";
import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { type BarHandle, pixelsToMs } from "../state/timeline-drag.ts";
import classes from "./timeline.module.css";

export type Span = { start: number; end: number };

/** Where a span sits on an axis of `total` ms, in percent. */
export function spanStyle(span: Span, total: number): { left: string; width: string } {
  const safe = Math.max(total, 1);
  const start = Math.min(Math.max(span.start, 0), safe);
  const end = Math.min(Math.max(span.end, start), safe);
  return { left: `${(start / safe) * 100}%`, width: `${Math.max(((end - start) / safe) * 100, 0.5)}%` };
}

/** Called when a gesture starts on `handle`; the answer takes the milliseconds moved since the start. */
export type StartDrag = (handle: BarHandle) => (deltaMs: number) => void;

export type EdgeLabels = Partial<Record<"start" | "end", { label: string; valueMs: number }>>;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type BarProps = {
  label: string;
  span: Span;
  total: number;
  isSelected: boolean;
  onSelect: () => void;
  startDrag: StartDrag;
  /** The edges that can be dragged, with their slider names and values. */
  edges: EdgeLabels;
  canMoveBody: boolean;
  /** Shaded parts of the bar: the enter and leave animations, in ms of the axis. */
  marks?: Span[];
};

export function TimelineBar({ label, span, total, isSelected, onSelect, startDrag, edges, canMoveBody, marks = [] }: BarProps) {
  const track = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const beginDrag = (handle: BarHandle, event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || !track.current) return;
    event.stopPropagation();
    const node = event.currentTarget;
    node.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const trackPx = track.current.getBoundingClientRect().width;
    const axisMs = total;
    const apply = startDrag(handle);
    moved.current = false;
    const onMove = (move: globalThis.PointerEvent) => {
      if (move.clientX !== startX) moved.current = true;
      apply(pixelsToMs(move.clientX - startX, trackPx, axisMs));
    };
    const onEnd = () => {
      node.removeEventListener("pointermove", onMove);
      node.removeEventListener("pointerup", onEnd);
      node.removeEventListener("pointercancel", onEnd);
    };
    node.addEventListener("pointermove", onMove);
    node.addEventListener("pointerup", onEnd);
    node.addEventListener("pointercancel", onEnd);
  };

  const stepWithKeys = (handle: BarHandle, event: KeyboardEvent<HTMLElement>) => {
    const direction =
      event.key === "ArrowRight" || event.key === "ArrowUp" ? 1 : event.key === "ArrowLeft" || event.key === "ArrowDown" ? -1 : 0;
    if (!direction) return;
    event.preventDefault();
    startDrag(handle)(direction * STORY_STEPS.delayMs);
  };

  const edge = (handle: "start" | "end") => {
    const named = edges[handle];
    if (!named) return null;
    return (
      <div
        role="slider"
        tabIndex={0}
        className={classes.handle}
        data-edge={handle}
        aria-label={named.label}
        aria-valuenow={named.valueMs / 1000}
        aria-valuetext={seconds(named.valueMs)}
        aria-orientation="horizontal"
        onPointerDown={(event) => beginDrag(handle, event)}
        onKeyDown={(event) => stepWithKeys(handle, event)}
      />
    );
  };

  const place = spanStyle(span, total);
  const length = Math.max(span.end - span.start, 1);
  return (
    <div className={classes.row}>
      <Text size="xs" className={classes.label} truncate>
        {label}
      </Text>
      <div className={classes.track} ref={track}>
        <div className={classes.bar} data-selected={isSelected || undefined} style={place}>
          <Tooltip label={`${label}: ${seconds(span.start)} – ${seconds(span.end)}`}>
            <UnstyledButton
              className={classes.body}
              data-movable={canMoveBody || undefined}
              aria-label={label}
              onPointerDown={(event) => {
                if (canMoveBody) beginDrag("body", event);
              }}
              onClick={() => {
                if (!moved.current) onSelect();
                moved.current = false;
              }}
            >
              {marks.map((mark) => (
                <span
                  key={`${mark.start}-${mark.end}`}
                  className={classes.mark}
                  style={spanStyle({ start: mark.start - span.start, end: mark.end - span.start }, length)}
                />
              ))}
            </UnstyledButton>
          </Tooltip>
          {edge("start")}
          {edge("end")}
        </div>
      </div>
    </div>
  );
}
