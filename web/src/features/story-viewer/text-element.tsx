// TEXT and TITLE elements: plain text (never HTML) in the element's font, size, colour and alignment.
import type { StoryTextData, StoryTitleData } from "@repox/contracts";
import type { CSSProperties } from "react";
import { fontStack } from "./story-fonts.ts";
import classes from "./story-viewer.module.css";

function textStyle(data: StoryTitleData): CSSProperties {
  return {
    color: data.color,
    fontSize: `${data.fontSize}px`,
    textAlign: data.textAlign,
    fontWeight: data.fontWeight,
    fontFamily: fontStack(data.fontFamily),
  };
}

export function TextContent({ data }: { data: StoryTextData }) {
  return (
    <div className={classes.text} style={{ ...textStyle(data), textDecoration: data.textDecoration, fontStyle: data.fontStyle }}>
      {data.text}
    </div>
  );
}

export function TitleContent({ data }: { data: StoryTitleData }) {
  return (
    <h2 className={classes.text} style={textStyle(data)}>
      {data.text}
    </h2>
  );
}
