// The slide being edited, drawn by the viewer's SlideStage (what the author sees is what plays), scaled to fit with a
// dashed border. Transparent frames over the elements take the pointer: a press selects an element and a drag moves it
// (use-element-drag.ts, snapping to the canvas's edges and centre and to the other elements); react-moveable resizes
// (ratio kept for images and videos), rotates in 45° steps and snaps while resizing.
//
// A gesture renders nothing: the frame and the drawn element follow by style writes (placeElementBox), and the
// editor's state changes once, when the gesture ends. A render per pointer move (the slide, a new guideline
// list for moveable to measure, its rect updated) cost the 200-slide bench story's drag frames a p95 of 28 ms.

import { Text } from "@mantine/core";
import { ELEMENT_MIN_SIZE, type Slide, type StoryElement } from "@repox/contracts";
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import Moveable from "react-moveable";
import { placeElementBox, SlideStage } from "../story-viewer/index.ts";
import classes from "./editor-canvas.module.css";
import { useEditor } from "./editor-context.tsx";
import { ElementFrame, frameTransform } from "./element-frame.tsx";
import type { Geometry } from "./state/element-operations.ts";
import { CANVAS_FOCUS_ATTRIBUTE } from "./use-editor-keys.ts";
import { useElementDrag } from "./use-element-drag.ts";
import { useImageSizing } from "./use-image-sizing.ts";

// The canvas's edges and centre lines, as shares of the snap container (the canvas as drawn): moveable measures
// guides in screen pixels around the scaled canvas, not in canvas pixels.
const CANVAS_GUIDES = ["0%", "50%", "100%"];
const SNAP_DIRECTIONS = { top: true, left: true, bottom: true, right: true, center: true, middle: true };
const locksRatio = (element: StoryElement) =>
  (element.type === "IMAGE" || element.type === "YOUTUBE" || element.type === "VIMEO") && element.data.lockAspectRatio;

export function EditorCanvas({ slide, onOpenElement }: { slide: Slide | undefined; onOpenElement: (element: StoryElement) => void }) {
  const { t } = useTranslation();
  const { state, dispatch, canvas, resolvePicture } = useEditor();
  const [scale, setScale] = useState(1);
  const area = useRef<HTMLDivElement>(null);
  const frames = useRef(new Map<string, HTMLButtonElement>());
  const [target, setTarget] = useState<HTMLButtonElement | null>(null);
  const moveable = useRef<Moveable>(null);
  const selectedId = state.selection.elementId;
  useImageSizing(slide);

  const shown = slide;
  const selected = shown?.elements.find((element) => element.id === selectedId);
  // The other elements' frames, to snap to: a new list only when the slide or the selection changes (moveable
  // measures every element of a new list).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frames are mounted for these elements by then
  const others = useMemo(
    () =>
      (shown?.elements ?? [])
        .filter((element) => element.id !== selectedId)
        .map((element) => frames.current.get(element.id))
        .filter((node) => node !== undefined),
    [shown?.elements, selectedId, target],
  );

  // One ref callback per element id, kept across renders so React does not detach and attach them every time.
  const frameRefs = useRef(new Map<string, (node: HTMLButtonElement | null) => void>());
  const frameRef = (id: string) => {
    let callback = frameRefs.current.get(id);
    if (!callback) {
      callback = (node) => {
        if (node) frames.current.set(id, node);
        else frames.current.delete(id);
      };
      frameRefs.current.set(id, callback);
    }
    return callback;
  };
  const slideId = slide?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frame to hold changes with the selection and the slide
  useLayoutEffect(() => {
    setTarget(selectedId ? (frames.current.get(selectedId) ?? null) : null);
  }, [selectedId, slideId]);

  const framesLayer = useRef<HTMLDivElement>(null);
  // While a gesture is held the frames take no pointer: the pointer crossing other elements would otherwise hover
  // them (an outline drawn and the slide's layer painted again every frame) and be hit-tested against all of them.
  const holdFrames = useCallback((isHeld: boolean) => framesLayer.current?.toggleAttribute("data-gesture", isHeld), []);
  const drawnOf = useCallback(
    (elementId: string) => area.current?.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(elementId)}"]`) ?? null,
    [],
  );
  const verticalGuide = useRef<HTMLDivElement>(null);
  const horizontalGuide = useRef<HTMLDivElement>(null);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  const startDrag = useElementDrag({ canvas, scale: scaleRef, dispatch });
  // The slide's elements and the selection as of the last render, for the press handler, which stays the same function
  // so that the memoised frames do not draw again.
  const latest = useRef({ elements: shown?.elements ?? [], selectedId });
  latest.current = { elements: shown?.elements ?? [], selectedId };
  // A press on an element selects it and starts moving it in the same gesture (a press without a move moves nothing).
  const press = useCallback(
    (element: StoryElement, event: PointerEvent) => {
      const frame = frames.current.get(element.id);
      if (event.button !== 0 || !frame) return;
      const { elements, selectedId } = latest.current;
      if (element.id !== selectedId) dispatch({ type: "element/select", elementId: element.id });
      startDrag(
        element,
        elements.filter((other) => other.id !== element.id),
        event,
        {
          holdFrames,
          frame,
          drawn: drawnOf(element.id),
          handles: () => moveable.current?.getControlBoxElement() ?? null,
          verticalGuide: verticalGuide.current,
          horizontalGuide: horizontalGuide.current,
        },
      );
    },
    [dispatch, startDrag, holdFrames, drawnOf],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handles follow every change of the selected element and of the scale
  useLayoutEffect(() => {
    moveable.current?.updateRect();
  }, [selected, scale]);

  const startGeometry = (): Geometry | null =>
    selected ? { x: selected.x, y: selected.y, width: selected.width, height: selected.height, rotation: selected.rotation } : null;
  const live = useRef<Geometry | null>(null);
  const start = () => {
    live.current = startGeometry();
    holdFrames(true);
  };
  const update = (patch: Partial<Geometry>) => {
    if (!live.current || !selected) return;
    live.current = { ...live.current, ...patch };
    const drawn = drawnOf(selected.id);
    if (drawn) placeElementBox(drawn, live.current);
  };
  const finish = () => {
    const geometry = live.current;
    live.current = null;
    holdFrames(false);
    if (geometry && selected) dispatch({ type: "element/geometry", elementId: selected.id, geometry });
  };

  if (!shown) {
    return (
      <div className={classes.area}>
        <div className={classes.empty}>
          <Text c="dimmed">{t("storyEditor.noSlideSelected")}</Text>
        </div>
      </div>
    );
  }

  return (
    <div ref={area} className={classes.area} data-testid="story-canvas" {...{ [CANVAS_FOCUS_ATTRIBUTE]: "" }}>
      <SlideStage
        slide={shown}
        width={canvas.width}
        height={canvas.height}
        resolvePicture={resolvePicture}
        videoMode="poster"
        isInteractive={false}
        onScale={setScale}
        barColor="transparent"
      >
        <div
          ref={framesLayer}
          className={classes.frames}
          onPointerDown={(event) => {
            event.currentTarget.focus({ preventScroll: true });
            dispatch({ type: "element/select", elementId: null });
          }}
          tabIndex={-1}
          data-canvas-frames=""
        >
          <div className={classes.border} style={{ borderWidth: 2 / scale }} />
          <div ref={verticalGuide} className={classes.verticalGuide} style={{ width: 1 / scale }} data-guide="vertical" hidden />
          <div ref={horizontalGuide} className={classes.horizontalGuide} style={{ height: 1 / scale }} data-guide="horizontal" hidden />
          {shown.elements.map((element) => (
            <ElementFrame
              key={element.id}
              element={element}
              isSelected={element.id === selectedId}
              onPress={press}
              onOpen={onOpenElement}
              frameRef={frameRef(element.id)}
            />
          ))}
        </div>
      </SlideStage>
      {selected && target && (
        <Moveable
          ref={moveable}
          target={target}
          resizable
          rotatable
          keepRatio={locksRatio(selected)}
          throttleRotate={45}
          rotationPosition="top"
          origin={false}
          snappable
          snapThreshold={6}
          snapDirections={SNAP_DIRECTIONS}
          elementSnapDirections={SNAP_DIRECTIONS}
          snapContainer={target.parentElement}
          verticalGuidelines={CANVAS_GUIDES}
          horizontalGuidelines={CANVAS_GUIDES}
          elementGuidelines={others}
          // Distances to the guides in canvas pixels, as the panel shows positions (moveable measures screen pixels).
          snapDistFormat={(distance) => Math.round(distance / scale)}
          onResizeStart={(event) => {
            start();
            event.setOrigin(["%", "%"]);
            const min = ELEMENT_MIN_SIZE[selected.type];
            event.setMin([min.width, min.height]);
            if (event.dragStart) event.dragStart.set([selected.x, selected.y]);
          }}
          onResize={(event) => {
            const [x = 0, y = 0] = event.drag.beforeTranslate;
            event.target.style.width = `${event.width}px`;
            event.target.style.height = `${event.height}px`;
            event.target.style.transform = frameTransform({ x, y, rotation: selected.rotation });
            update({ x, y, width: event.width, height: event.height });
          }}
          onResizeEnd={finish}
          onRotateStart={(event) => {
            start();
            event.set(selected.rotation);
          }}
          onRotate={(event) => {
            event.target.style.transform = frameTransform({ x: selected.x, y: selected.y, rotation: event.beforeRotate });
            update({ rotation: event.beforeRotate });
          }}
          onRotateEnd={finish}
        />
      )}
    </div>
  );
}
