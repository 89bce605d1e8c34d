/** Paths the shell itself needs (kept apart from the route table so guards import no pages). */
export const HOME_PATH = '/home';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';
