// Applies the tenant's general settings that reach every page: the product name in the page title
// ('{product name} - {path}', spec 1 §1) and the default language for a browser that has not chosen one.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { useProductName, usePublicSettings } from "../features/settings/public-settings.ts";
import { applyDefaultLanguage } from "./i18n/index.ts";

export function TenantDefaults() {
  const { pathname } = useLocation();
  const productName = useProductName();
  const defaultLanguage = usePublicSettings().data?.defaultLanguage;

  useEffect(() => {
    document.title = `${productName} - ${pathname}`;
  }, [productName, pathname]);

  useEffect(() => {
    if (defaultLanguage) void applyDefaultLanguage(defaultLanguage);
  }, [defaultLanguage]);

  return null;
}
