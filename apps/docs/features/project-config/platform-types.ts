/** What the widget reads from the platform API, reduced to the fields it uses. */

export interface Organization {
  id: number
  name: string
}

export interface Project {
  ref: string
  organization_id: number
  name: string
  is_branch_enabled: boolean
}

export interface Branch {
  id: string
  name: string
  project_ref: string
  parent_project_ref: string
}

/**
 * A project's API settings. Only the public values are kept: the API also returns the
 * service_role key, which the parser drops so it never reaches the widget's state.
 */
export interface ProjectApi {
  endpoint: string | undefined
  protocol: string
  anonKey: string
}
