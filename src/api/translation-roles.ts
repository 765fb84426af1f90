/**
 * platform-web-client/api/translation-roles: the translation-roles service: localization roles of games and their
 * assignees. Its definition (`TranslationRolesApi`: the typed client's, the emulator's and the OpenAPI document's), one
 * definition per endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`,
 * loads only that one) and the schemas of its requests and answers.
 *
 * @module
 */
export {
  Assignee,
  AssigneeType,
  AssigneeTypeName,
  getCurrentUserGameRoles,
  getCurrentUserRoleGames,
  getRoleAssignees,
  LocalizationRole,
  RoleAssignmentAssignee,
  RoleGamesPage,
  TranslationRolesApi,
  TranslationRolesGroup,
  updateGameRole,
  UpdateRoleRequest
} from "../platform/api/translationRoles.ts"
