// Calls of the vocabularies area (spec 2 §7): vocabularies, their terms, usages, export and the two-stage import.
import {
  type Term,
  type TermCreateBody,
  type TermFileRows,
  type TermImportBody,
  type TermImportResult,
  type TermUpdateBody,
  type Vocabulary,
  type VocabularyBody,
  type VocabularyContentModelUsages,
  type VocabularyUsages,
  vocabularyExportFileName,
} from "@repox/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { downloadFile } from "../../api/download.ts";
import { useDeleteMutation, useInvalidation, useSaveMutation } from "../../api/entity-mutations.ts";
import type { ListParams } from "../../api/list-params.ts";
import { usePageQuery } from "../../api/page-query.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { importInBatches } from "./import-batches.ts";

// Under the content-model prefix, so a content-model import (which may bring vocabularies) refreshes these too.
const key = [...queryKeys.contentModel, "vocabularies"] as const;
/** A change refreshes the vocabularies and the vocabulary choices of the property editor. */
const invalidates = [key, [...queryKeys.contentModel, "vocabulary-options"]];
const path = (uuid: string) => `/vocabularies/${encodeURIComponent(uuid)}`;
const termPath = (uuid: string, termId: string) => `${path(uuid)}/terms/${encodeURIComponent(termId)}`;
const vocabularyTarget = { collectionPath: "/vocabularies", itemPath: path, invalidates };
const termTarget = (uuid: string) => ({
  collectionPath: `${path(uuid)}/terms`,
  itemPath: (termId: string) => termPath(uuid, termId),
  invalidates,
});

export function useVocabularies(params: ListParams) {
  return usePageQuery<Vocabulary>([...key, "list"], "/vocabularies", params);
}

export function useVocabulary(uuid: string) {
  return useQuery({
    queryKey: [...key, "detail", uuid],
    queryFn: ({ signal }) => api.get<Vocabulary>(path(uuid), { signal }),
  });
}

export function useSaveVocabulary() {
  return useSaveMutation<Vocabulary, string, VocabularyBody>(vocabularyTarget);
}

export function useDeleteVocabulary() {
  return useDeleteMutation(vocabularyTarget);
}

export function useVocabularyUsages(uuid: string) {
  return useQuery({
    queryKey: [...key, "usages", uuid],
    queryFn: () => api.post<VocabularyUsages>(`${path(uuid)}/usages`),
  });
}

export function useVocabularyContentModelUsages(uuid: string) {
  return useQuery({
    queryKey: [...key, "usages-cm", uuid],
    queryFn: () => api.post<VocabularyContentModelUsages>(`${path(uuid)}/usages_cm`),
  });
}

/** Downloads voc-{name}.xlsx; answers the file name the server gave. */
export function useExportVocabulary() {
  return useMutation({
    mutationFn: (vocabulary: Vocabulary) =>
      downloadFile("POST", `${path(vocabulary.uuid)}/export`, vocabularyExportFileName(vocabulary.name), { body: { format: "XLSX" } }),
  });
}

export function useTerms(uuid: string, params: ListParams) {
  return usePageQuery<Term>([...key, "terms", uuid], `${path(uuid)}/terms`, params);
}

export function useSaveTerm(uuid: string) {
  return useSaveMutation<Term, string, TermCreateBody, TermUpdateBody>(termTarget(uuid));
}

export function useDeleteTerm(uuid: string) {
  return useDeleteMutation(termTarget(uuid));
}

/** Stage one: the server reads the file into rows; nothing is saved. */
export function useLoadTermFile(uuid: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api.post<TermFileRows>(`${path(uuid)}/load`, form);
    },
  });
}

/** Stage two: the chosen terms, sent in batches; the answer sums them up. */
export function useImportTerms(uuid: string) {
  const refresh = useInvalidation(invalidates);
  return useMutation({
    mutationFn: (terms: TermImportBody["data"]) =>
      importInBatches(terms, (data) => api.post<TermImportResult>(`${path(uuid)}/import`, { data })),
    onSuccess: refresh,
  });
}
