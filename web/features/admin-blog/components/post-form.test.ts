import { BLOG_MESSAGES } from "@common/contract/blog";
import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { NEW_POST_VALUES, postBody, postSaveError, postValidationError, typedSlug } from "./post-form";

describe("typedSlug", () => {
  it("normalises as typed and keeps one trailing hyphen so words can be typed", () => {
    expect(typedSlug("Meu Post: Introdução!!")).toBe("meu-post-introducao");
    expect(typedSlug("meu ")).toBe("meu-");
    expect(typedSlug("meu--  ")).toBe("meu-");
    expect(typedSlug("-- ")).toBe("");
    expect(typedSlug("A_b--C")).toBe("a_b-c");
  });
});

describe("postBody", () => {
  it("trims, sends empty optional text as null, keeps category_ids an array and drops edge hyphens", () => {
    expect(
      postBody({
        ...NEW_POST_VALUES,
        title: "  Título  ",
        slug: "meu-post-",
        content: " <p>x</p> ",
        excerpt: "   ",
        meta_keywords: " a, b ",
        featured_image_url: "  ",
      }),
    ).toEqual({
      title: "Título",
      slug: "meu-post",
      content: "<p>x</p>",
      excerpt: null,
      meta_description: null,
      meta_keywords: "a, b",
      featured_image_url: null,
      status: "draft",
      is_featured: false,
      category_ids: [],
    });
  });
});

describe("postValidationError", () => {
  const valid = postBody({ ...NEW_POST_VALUES, title: "T", slug: "abc", content: "<p>x</p>" });

  it("is null for a valid post", () => {
    expect(postValidationError(valid, false)).toBeNull();
  });

  it("joins every failure after 'Erro de validação: '", () => {
    expect(
      postValidationError(
        { ...valid, title: "", slug: "ab", excerpt: "x".repeat(301), meta_description: "y".repeat(161) },
        false,
      ),
    ).toBe(
      `Erro de validação: ${BLOG_MESSAGES.titleRequired}, ${BLOG_MESSAGES.slugRequired}, ${BLOG_MESSAGES.excerptTooLong}, ${BLOG_MESSAGES.metaDescriptionTooLong}`,
    );
  });

  it("uses the publication rules and 'Erro na publicação: ' on publish", () => {
    expect(
      postValidationError(
        { ...valid, status: "published", title: "t".repeat(201), slug: "ab", meta_keywords: "k".repeat(501) },
        true,
      ),
    ).toBe(
      `Erro na publicação: ${BLOG_MESSAGES.titleTooLong}, ${BLOG_MESSAGES.slugLength}, ${BLOG_MESSAGES.metaKeywordsTooLong}`,
    );
  });
});

describe("postSaveError", () => {
  it("prefers the server's validation_errors, then its error, then the status", () => {
    const validation = new ApiError(400, "x", { error: "x", validation_errors: ["A", "B"] });
    expect(postSaveError(validation, false)).toBe("Erro de validação: A, B");
    expect(postSaveError(validation, true)).toBe("Erro na publicação: A, B");
    expect(postSaveError(new ApiError(409, "x", { error: BLOG_MESSAGES.slugTaken }), false)).toBe(
      BLOG_MESSAGES.slugTaken,
    );
    expect(postSaveError(new ApiError(502, "x", null), false)).toBe("Erro ao salvar post (502)");
    expect(postSaveError(new ApiError(500, "x", {}), true)).toBe("Erro ao publicar post (500)");
    expect(postSaveError(new ApiError(0, "x", null), false)).toBe(BLOG_MESSAGES.saveFailedNetwork);
    expect(postSaveError(new ApiError(0, "x", null), true)).toBe(BLOG_MESSAGES.publishFailedNetwork);
  });
});
