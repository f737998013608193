package org.thordb.cli;

import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb completion bash|zsh}: prints a shell completion script generated from the command
 * model (picocli's AutoComplete), so that commands, options and file arguments complete in the
 * shell as queries do in the REPL. The script serves both shells (it loads bash completion into zsh).
 *
 * <p>Usage: {@code source <(thordb completion bash)}
 */
@Command(name = "completion", description = "Print a shell completion script for bash or zsh.",
        footerHeading = "%nExamples:%n", footer = {
            "  thordb completion bash > ~/.local/share/bash-completion/completions/thordb",
            "  source <(thordb completion bash)     # this shell only",
            "  source <(thordb completion zsh)      # in ~/.zshrc"})
public final class CompletionCommand implements Callable<Integer> {
    @Parameters(paramLabel = "SHELL", description = "bash or zsh.")
    String shell;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!shell.equals("bash") && !shell.equals("zsh")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "no completion for the shell '" + SafeText.of(shell)
                    + "': bash or zsh");
        }
        spec.commandLine().getOut().print(AutoComplete.bash("thordb", spec.root().commandLine()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
