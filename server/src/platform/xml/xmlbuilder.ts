// xmlbuilder2, imported on first use (a WebDAV or OAI-PMH request): a server that gets none never loads it (with its
// DOM, about 3 MiB of heap and 10 MiB of a bare process's resident memory; docs/performance.md, `footprint`).
import type * as XmlBuilder from "xmlbuilder2";
import { onFirstUse } from "../first-use.ts";

export type XmlBuilderModule = typeof XmlBuilder;

let loaded: XmlBuilderModule | undefined;

export const loadXmlBuilder: () => Promise<XmlBuilderModule> = onFirstUse(() =>
  import("xmlbuilder2").then((module) => {
    loaded = module;
    return module;
  }),
);

/** xmlbuilder2 for code that runs after `loadXmlBuilder()` has resolved (WebDAV's scope awaits it in its first hook). */
export function xmlBuilder(): XmlBuilderModule {
  if (!loaded) throw new Error("xmlbuilder2 is used before loadXmlBuilder() resolved");
  return loaded;
}
