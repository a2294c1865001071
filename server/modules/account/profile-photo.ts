import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { UNAUTHENTICATED } from "../../../common/contract/errors";
import { LINK_PAGE_MESSAGES } from "../../../common/contract/link-pages";
import { users } from "../../../db/schema";
import { badRequest, HttpError } from "../../lib/http-error";
import type { UserRow } from "../../lib/session-guards";
import { deleteUpload, saveImageDataUrl } from "../uploads/image-store";

type App = Pick<FastifyInstance, "db" | "config">;

const PHOTO_URL_MESSAGE = "Foto: informe uma URL válida ou envie um arquivo";

/**
 * The profile photo, with Link Bio's image rules: a data URL becomes a file of ours (checked by
 * content, at most 5MB), an http(s) URL is kept as given, null removes it. An /uploads/ path is
 * accepted only when it is already this user's photo, so nobody claims (and later deletes) another
 * user's file. The replaced file is removed after the row points at the new one.
 */
export async function setProfilePhoto(app: App, user: UserRow, value: string | null): Promise<UserRow> {
  let photo = value;
  if (value?.startsWith("data:")) {
    if (!value.startsWith("data:image/")) throw badRequest(LINK_PAGE_MESSAGES.imageInvalid);
    photo = await saveImageDataUrl(app.config.dataDir, value);
  } else if (value?.startsWith("/") && value !== user.profilePictureUrl) {
    throw badRequest(PHOTO_URL_MESSAGE, { profile_picture_url: PHOTO_URL_MESSAGE });
  }
  let row: UserRow | undefined;
  try {
    [row] = await app.db
      .update(users)
      .set({ profilePictureUrl: photo, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (photo !== value) await deleteUpload(app.config.dataDir, photo);
    throw error;
  }
  if (!row) {
    // The account went away meanwhile (deleted): nothing points at the new file.
    if (photo !== value) await deleteUpload(app.config.dataDir, photo);
    throw new HttpError(401, UNAUTHENTICATED);
  }
  if (user.profilePictureUrl !== photo) await deleteUpload(app.config.dataDir, user.profilePictureUrl);
  return row;
}
