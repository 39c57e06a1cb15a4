// xmlbuilder2, imported on first use (a WebDAV or OAI-PMH request): a server that gets none never loads it (with its
// DOM, about 3 MiB of heap and 10 MiB of a bare process's resident memory; docs/performance.md, `footprint`).
import type * as XmlBuilder from "xmlbuilder2";

export type XmlBuilderModule = typeof XmlBuilder;

let loaded: XmlBuilderModule | undefined;
let loading: Promise<XmlBuilderModule> | undefined;

export function loadXmlBuilder(): Promise<XmlBuilderModule> {
  loading ??= import("xmlbuilder2").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** xmlbuilder2 for code that runs after `loadXmlBuilder()` has resolved (WebDAV's scope awaits it in its first hook). */
export function xmlBuilder(): XmlBuilderModule {
  if (!loaded) throw new Error("xmlbuilder2 is used before loadXmlBuilder() resolved");
  return loaded;
}
