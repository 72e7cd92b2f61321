import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which the projects' files start, within a `sequence.groupOrder`. Vitest's own order is
 * by project name, which ran the browser files first, waiting for the sample corpus import
 * (e2e/global-setup.ts, about 30 s of one core) while the other core had nothing to do. Here the long
 * whole-process files start first, the browser files once the import is long done, then the
 * production builds (web-build, about 10 s a file) and the many short web files last, to fill both
 * cores to the end.
 */
const PROJECT_ORDER = ['lifecycle', 'server-mocks', 'server', 'corpus', 'unit', 'e2e', 'web-build', 'web'];

export class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(file.project.name);
      return index < 0 ? PROJECT_ORDER.length : index;
    };
    // Within a project, Vitest's order stands: longer files first once a run has timed them.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}
