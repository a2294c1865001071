import { IMAGE_MAX_BYTES, LINK_PAGE_MESSAGES } from "@common/contract/link-pages";

/** Checks a chosen file (spec 5: an image of at most 5MB) and reads it as a data URL; the server stores it as a file. */
export function readImageFile(file: File): Promise<string> {
  if (!file.type.startsWith("image/")) return Promise.reject(new Error(LINK_PAGE_MESSAGES.imageInvalid));
  if (file.size > IMAGE_MAX_BYTES) return Promise.reject(new Error(LINK_PAGE_MESSAGES.imageTooLarge));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(LINK_PAGE_MESSAGES.imageUploadFailed));
    reader.readAsDataURL(file);
  });
}
