/* The smallest engine of the pocha-engine protocol, version 2, for the
 * benchmark of the protocol's round trip: it plays the first legal action
 * of every turn. Lines up to 1 MiB; no JSON parser, only the two members
 * it needs ("turn" and "legal_actions"). With the argument 1 it speaks
 * version 1 (the whole view at every turn), to compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char line[(1 << 20) + 2];

static long member(const char *text, const char *name) {
    const char *at = strstr(text, name);
    if (at == NULL) return -1;
    at += strlen(name);
    while (*at == ' ' || *at == '[') at++;
    return strtol(at, NULL, 10);
}

int main(int argc, char **argv) {
    int version = argc > 1 && strcmp(argv[1], "1") == 0 ? 1 : 2;
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strstr(line, "\"type\":\"hello\"")) {
            printf("{\"type\":\"ready\",\"name\":\"minimal C engine\",\"version\":%d}\n",
                   version);
        } else if (strstr(line, "\"type\":\"turn\"")) {
            printf("{\"type\":\"move\",\"turn\":%ld,\"action\":%ld}\n",
                   member(line, "\"turn\":"), member(line, "\"legal_actions\":"));
        } else if (strstr(line, "\"type\":\"quit\"")) {
            return 0;
        }
        fflush(stdout);
    }
    return 0;
}
