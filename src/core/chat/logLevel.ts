/** How serious a line of the panel's log is. */
export type LogLevel = 'info' | 'warn' | 'error';
