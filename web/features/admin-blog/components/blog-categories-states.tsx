import type { BlogCategory } from "@common/contract/blog";
import { useQuery } from "@tanstack/react-query";
import { QueryStates } from "@web/components/ui/query-states";
import type { ReactNode } from "react";
import { blogCategoriesQuery } from "../api/blog-categories";

/** The blog's categories once they load: a placeholder before, the error with a retry if they fail. */
export function BlogCategoriesStates({ children }: { children: (categories: BlogCategory[]) => ReactNode }) {
  const categories = useQuery(blogCategoriesQuery);
  return (
    <QueryStates
      query={categories}
      loadingLabel="Carregando categorias"
      errorFallback="Erro ao carregar categorias"
    >
      {children}
    </QueryStates>
  );
}
