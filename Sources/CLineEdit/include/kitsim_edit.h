// Line editing for `kitsim repl` over libedit's readline interface (Debian libedit-dev):
// a prompt with editing, a persistent history file, and tab completion whose candidates
// come from a host callback (the REPL computes them from the runtime's metadata).
#ifndef KITSIM_EDIT_H
#define KITSIM_EDIT_H

/// Returns a malloc'ed, NULL-terminated array of malloc'ed candidates that replace the
/// token `text` (the part of `line` before `point` after the last word break), or NULL.
typedef char **(*kitsim_complete_fn)(const char *line, int point, const char *text);

/// Sets up editing: the history file (read now) and the completion callback.
void kitsim_edit_init(const char *history_path, kitsim_complete_fn complete);
/// Reads a line with editing; NULL at end of input (Ctrl-D) or when Ctrl-C cleared the
/// line (then `kitsim_edit_take_interrupt` returns 1). The caller frees it.
char *kitsim_edit_readline(const char *prompt);
/// Whether Ctrl-C was pressed at the prompt since the last call (and clears it).
int kitsim_edit_take_interrupt(void);
/// Adds an entry (possibly several lines) to the history and saves the history file.
void kitsim_edit_remember(const char *entry);

/// Ctrl-C: while `armed`, SIGINT calls `on_interrupt`; otherwise (at the prompt) it ends
/// the line being edited, as in lua.c and the shells, and never the session.
void kitsim_edit_set_interrupt(void (*on_interrupt)(void), int armed);

#endif
