extension JobLoader {
    /// The environment variable naming the fleet catalog of jobs whose `output.catalog` is `true`.
    package static let catalogURLVariable = "CAMSCHED_CATALOG_URL"

    /// Applies `CAMSCHED_CATALOG_URL` to a job whose catalog is on and names no URL itself
    /// (the job file's own URL wins); an invalid value is a problem of the job.
    static func applyFleetEnvironment(_ job: inout Job, environment: [String: String]) -> JobProblem? {
        guard job.output.catalog, job.output.fleet == nil,
              let text = environment[catalogURLVariable], !text.isEmpty else { return nil }
        do {
            job.output.fleet = try FleetCatalogURL(parsing: text)
            return nil
        } catch {
            return JobProblem(path: "output.catalog", line: 0, column: 0, message: "\(catalogURLVariable) (from the environment): the URL \(error)")
        }
    }
}
