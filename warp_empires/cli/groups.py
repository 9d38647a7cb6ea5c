"""A group of commands that answers a mistyped command name with the nearest one."""

from __future__ import annotations

import click


class Group(click.Group):
    """``warp-empires map gnerate`` ends with ``no command 'gnerate' (did you mean
    'generate'?); the commands are ...``, where click would only say there is none."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        names = self.list_commands(ctx)
        if args and args[0] not in names and not args[0].startswith("-"):
            from ..model.loading import did_you_mean

            ctx.fail(f"no command {args[0]!r}{did_you_mean(args[0], names)}; the commands are {', '.join(names)}")
        return super().resolve_command(ctx, args)
