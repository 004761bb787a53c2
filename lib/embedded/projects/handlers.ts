import "server-only";
import type { ProjectAssignedV1, ProjectDeletedV1, ProjectListV1, ProjectV1 } from "@/lib/api/schemas/v1";
import { HttpError, notFound } from "../errors";
import { json } from "../http/respond";
import { newId } from "../ids";
import { type Db, type ProjectRow } from "../store";
import * as projectsStore from "./store";
import type { Handler, HandlerTablePart } from "../http/context";
import type { Caller } from "../people/types";
import { mayRead, mayWrite, readableChats, requireAccess } from "../chats/access";

/** v1 projects (4.2): create, list, get, PUT, delete; they group chats (wire-decisions.md "Projects (v1)"). */

function toProjectV1(row: ProjectRow, chatIds: string[]): ProjectV1 {
  return {
    id: row.id,
    object: "project",
    name: row.name,
    description: row.description,
    chatIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireProject(db: Db, id: string): Promise<ProjectRow> {
  const row = await projectsStore.findProject(db, id);
  if (!row) throw notFound(`Project ${id}`, "project_not_found");
  return row;
}

/**
 * The chats a body puts in a project: chats the caller may not read are unknown (422: the body is wrong), chats they
 * may read but not write are refused (403, chats/access.ts): moving a chat into a project changes it. Nothing is
 * written then.
 */
async function checkChats(
  db: Db,
  caller: Caller,
  chatIds: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (!chatIds) return undefined;
  const unique = [...new Set(chatIds)];
  const found = new Map((await projectsStore.chatsAmong(db, unique)).map((c) => [c.id, c]));
  const missing = unique.filter((id) => !found.has(id) || !mayRead(caller, found.get(id)!));
  if (missing.length)
    throw new HttpError(422, `chatIds: chat ${missing.slice(0, 5).join(", ")} not found`, "validation_failed");
  for (const id of unique) requireAccess(caller, found.get(id)!, id, "write");
  return unique;
}

/**
 * What `chatIds` replaces: the project's chats the caller may write. The others (not theirs to move, or not theirs to
 * see) stay in the project.
 */
async function withUnmovable(db: Db, caller: Caller, projectId: string, chatIds: string[]): Promise<string[]> {
  const kept = (await projectsStore.chatsOfProject(db, projectId)).filter((c) => !mayWrite(caller, c));
  return [...new Set([...chatIds, ...kept.map((c) => c.id)])];
}

/** The project as the caller sees it: only the chats they may read. */
export async function projectView(db: Db, caller: Caller, row: ProjectRow): Promise<ProjectV1> {
  return toProjectV1(
    row,
    (await projectsStore.chatIdsByProject(db, [row.id], readableChats(caller))).get(row.id) ?? [],
  );
}

/** POST /v1/projects {name, description?, chatIds?} → 201 Project. */
const createProjectV1: Handler<"v1.projects.create"> = async ({ db, body, caller }) => {
  const input = body;
  const chatIds = await checkChats(db, caller, input.chatIds);
  const at = new Date();
  const row = await projectsStore.insertProject(db, {
    id: newId("prj"),
    name: input.name,
    description: input.description || null,
    createdAt: at,
    updatedAt: at,
  });
  if (chatIds) await projectsStore.setProjectChats(db, row.id, chatIds);
  return json(await projectView(db, caller, row), 201);
};

/** GET /v1/projects → {object: "list", data} newest first. */
const listProjectsV1: Handler<"v1.projects.list"> = async ({ db, caller }) => {
  const rows = await projectsStore.listProjects(db);
  const chats = await projectsStore.chatIdsByProject(
    db,
    rows.map((r) => r.id),
    readableChats(caller),
  );
  const list: ProjectListV1 = { object: "list", data: rows.map((r) => toProjectV1(r, chats.get(r.id) ?? [])) };
  return json(list);
};

/** GET /v1/projects/{id} */
const getProjectV1: Handler<"v1.projects.get"> = async ({ db, params, caller }) =>
  json(await projectView(db, caller, await requireProject(db, params.id)));

/** PUT /v1/projects/{id} {name, description?, chatIds?}: replaces name and description; chatIds, when given, the chats. */
const updateProjectV1: Handler<"v1.projects.update"> = async ({ db, params, body, caller }) => {
  const project = await requireProject(db, params.id);
  const input = body;
  const chatIds = await checkChats(db, caller, input.chatIds);
  const row = await projectsStore.updateProject(db, project.id, {
    name: input.name,
    description: input.description || null,
    updatedAt: new Date(),
  });
  if (!row) throw notFound(`Project ${project.id}`, "project_not_found");
  if (chatIds) await projectsStore.setProjectChats(db, row.id, await withUnmovable(db, caller, row.id, chatIds));
  return json(await projectView(db, caller, row));
};

/**
 * PATCH /v1/projects/{id} (the document's `projects.update`): only the fields given change; `instructions` is the
 * description. `chatIds`, when given, become exactly the project's chats.
 */
const patchProjectV1: Handler<"v1.projects.patch"> = async ({ db, params, body, caller }) => {
  const project = await requireProject(db, params.id);
  const chatIds = await checkChats(db, caller, body.chatIds);
  const description = body.description ?? body.instructions;
  const row = await projectsStore.updateProject(db, project.id, {
    name: body.name ?? project.name,
    description: description === undefined ? project.description : description || null,
    updatedAt: new Date(),
  });
  if (!row) throw notFound(`Project ${project.id}`, "project_not_found");
  if (chatIds) await projectsStore.setProjectChats(db, row.id, await withUnmovable(db, caller, row.id, chatIds));
  return json(await projectView(db, caller, row));
};

/**
 * POST /v1/projects/{id}/assign {chatId}: the chat joins the project (leaving any other) → `{object, id, assigned}`.
 * The router checked the caller may write the chat (422 unknown, 403 read-only).
 */
const assignProjectV1: Handler<"v1.projects.assign"> = async ({ db, params, body }) => {
  const project = await requireProject(db, params.id);
  await projectsStore.addChatToProject(db, project.id, body.chatId, new Date());
  const answer: ProjectAssignedV1 = { object: "project", id: project.id, assigned: true };
  return json(answer);
};

/** DELETE /v1/projects/{id} → {id, object: "project", deleted: true}; its chats stay, outside any project. */
const deleteProjectV1: Handler<"v1.projects.delete"> = async ({ db, params }) => {
  const project = await requireProject(db, params.id);
  await projectsStore.deleteProject(db, project.id);
  const deleted: ProjectDeletedV1 = { id: project.id, object: "project", deleted: true };
  return json(deleted);
};

/** The routes of lib/api/routes.ts this file answers. */
export const projectHandlers = {
  "v1.projects.list": listProjectsV1,
  "v1.projects.create": createProjectV1,
  "v1.projects.get": getProjectV1,
  "v1.projects.update": updateProjectV1,
  "v1.projects.delete": deleteProjectV1,
  "v1.projects.patch": patchProjectV1,
  "v1.projects.assign": assignProjectV1,
} satisfies HandlerTablePart;
