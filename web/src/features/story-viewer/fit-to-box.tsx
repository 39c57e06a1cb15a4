// Shows content drawn at canvas size (in canvas pixels) scaled to fit the box it is in, keeping its proportions and
// centred, with the rest of the box as bars (letterbox or pillarbox).
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import classes from "./story-viewer.module.css";

export type FitToBoxProps = {
  width: number;
  height: number;
  /** The colour of the bars around the canvas. */
  barColor?: string;
  /** Told the scale whenever it changes (the editor turns pointer moves back into canvas pixels with it). */
  onScale?: (scale: number) => void;
  children: ReactNode;
};

type Fit = { scale: number; left: number; top: number };

function fitOf(box: { width: number; height: number }, width: number, height: number): Fit {
  const scale = Math.min(box.width / width, box.height / height);
  return { scale, left: (box.width - width * scale) / 2, top: (box.height - height * scale) / 2 };
}

export function FitToBox({ width, height, barColor = "#000", onScale, children }: FitToBoxProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<Fit | null>(null);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setFit(fitOf(box.getBoundingClientRect(), width, height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [width, height]);

  useLayoutEffect(() => {
    if (fit) onScale?.(fit.scale);
  }, [fit, onScale]);

  return (
    <div ref={boxRef} className={classes.box} style={{ background: barColor }} data-story-box="">
      <div
        className={classes.canvas}
        data-story-canvas=""
        style={{
          width,
          height,
          visibility: fit ? undefined : "hidden",
          transform: fit ? `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` : undefined,
        }}
      >
        {children}
      </div>
    </div>
  );
}
