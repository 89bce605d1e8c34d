/**
 * Ends the current task: the browser may paint and handle input before what follows runs. Between
 * the steps of the app's start (main.tsx, app/start.tsx), so a phone never runs them as one long
 * task (issue 27, total blocking time).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
