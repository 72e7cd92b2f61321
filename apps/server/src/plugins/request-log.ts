import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's lines about requests: one debug line per request instead of its two info lines (under
 * a flood those wrote megabytes a second and slowed the answers), its error lines as they were, and
 * one info line a second counting the answers by status.
 */
export class RequestLog extends LogController {
  private answered = 0;
  private byStatus: Record<number, number> = {};

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    this.answered++;
    this.byStatus[reply.statusCode] = (this.byStatus[reply.statusCode] ?? 0) + 1;
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }

  // Its request's debug line says 404 already.
  override routeNotFound(): void {}

  /** Writes the count line every second that had answers, until the app closes. */
  reportEachSecond(app: FastifyInstance): void {
    const report = setInterval(() => {
      if (this.answered === 0) return;
      app.log.info(
        { requests: this.answered, byStatus: this.byStatus },
        `answered ${this.answered} requests in the last second`,
      );
      this.answered = 0;
      this.byStatus = {};
    }, 1000);
    report.unref();
    app.addHook('onClose', async () => clearInterval(report));
  }
}
