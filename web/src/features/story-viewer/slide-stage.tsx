// A slide scaled to fit its box, keeping the story's proportions (letterboxed): the editor's canvas, the viewer's
// stage, the export's frame.

import { FitToBox, type FitToBoxProps } from "./fit-to-box.tsx";
import type { SlideCanvasProps } from "./slide-canvas.tsx";
import { SlideCanvas } from "./slide-canvas.tsx";

export type SlideStageProps = SlideCanvasProps & Pick<FitToBoxProps, "barColor" | "onScale">;

export function SlideStage({ barColor, onScale, ...canvas }: SlideStageProps) {
  return (
    <FitToBox width={canvas.width} height={canvas.height} barColor={barColor} onScale={onScale}>
      <SlideCanvas {...canvas} />
    </FitToBox>
  );
}
