// Page and search text of a list; a new search starts again at the first page.
import { useState } from "react";

export function useListSearch() {
  const [page, setPage] = useState(0);
  const [q, setQ] = useState("");
  const search = (text: string) => {
    setQ(text);
    setPage(0);
  };
  return { page, setPage, q, search };
}
