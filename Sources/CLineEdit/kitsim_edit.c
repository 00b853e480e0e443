#include "kitsim_edit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <editline/readline.h>

static kitsim_complete_fn host_complete = NULL;
static char history_file[4096];

static char **attempt_completion(const char *text, int start, int end) {
    (void)start;
    rl_attempted_completion_over = 1;          /* never fall back to file names */
    if (host_complete == NULL) return NULL;
    return host_complete(rl_line_buffer, end, text);
}

void kitsim_edit_init(const char *history_path, kitsim_complete_fn complete) {
    host_complete = complete;
    rl_attempted_completion_function = attempt_completion;
    /* '.' and ':' are not word breaks: the token is the whole chain `nav:push`. */
    rl_completer_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^~#[]";
    rl_completion_append_character = '\0';
    stifle_history(1000);
    history_file[0] = 0;
    if (history_path && strlen(history_path) < sizeof history_file) {
        strcpy(history_file, history_path);
        read_history(history_file);
    }
}

static volatile sig_atomic_t prompt_interrupted = 0;

char *kitsim_edit_readline(const char *prompt) {
    prompt_interrupted = 0;
    return readline(prompt);
}

int kitsim_edit_take_interrupt(void) {
    int was = prompt_interrupted;
    prompt_interrupted = 0;
    return was;
}

void kitsim_edit_remember(const char *entry) {
    if (entry == NULL || entry[0] == 0) return;
    add_history(entry);
    if (history_file[0]) write_history(history_file);
}

static void (*interrupt_handler)(void) = NULL;
static void on_sigint(int sig) {
    (void)sig;
    if (interrupt_handler) interrupt_handler();
}

/* At the prompt: libedit restores the terminal and re-raises SIGINT to this handler; the
   read it was in fails with EINTR (no SA_RESTART) and readline returns NULL, which the
   flag tells apart from end of input. */
static void on_prompt_sigint(int sig) {
    (void)sig;
    prompt_interrupted = 1;
}

void kitsim_edit_set_interrupt(void (*on_interrupt)(void), int armed) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    interrupt_handler = on_interrupt;
    sa.sa_handler = armed ? on_sigint : on_prompt_sigint;
    sigaction(SIGINT, &sa, NULL);
}
